import type { Handlers } from '../../lib/contract.js';
import { sendAttachment } from '../../pdf/download.js';
import { deleteCauses, exportHistory, getAllCauses, getCauses, getDowntime, getHistory, saveCause, saveHistoryItem } from './downtime.service.js';

/** Downtime is staff data: the admin filters by companies, the operator sees every company's machines. */
export const downtimeHandlers: Handlers = {
  AdminDowntime_getHistory: async (request) => getHistory(request.server.db, request.body),
  AdminDowntime_saveHistoryItem: async (request) => saveHistoryItem(request.server.db, request.actor, request.body.historyItem),
  AdminDowntime_exportHistory: async (request, reply) => sendAttachment(reply, await exportHistory(request.server.db, 'admin', request.body)),
  AdminDowntime_getCauses: async (request) => getCauses(request.server.db, request.body.pagination, request.body.filter),
  AdminDowntime_saveCause: async (request) => saveCause(request.server.db, request.actor, request.body.cause),
  AdminDowntime_deleteCauses: async (request) => deleteCauses(request.server.db, request.actor, request.body.ids),
  AdminDowntime_getDowntime: async (request) => getDowntime(request.server.db, request.body),
  OperatorDowntime_getHistory: async (request) => getHistory(request.server.db, { pagination: request.body.pagination, period: request.body.period }),
  OperatorDowntime_getCauses: async (request) => getAllCauses(request.server.db, request.body.filter),
  OperatorDowntime_saveHistoryItem: async (request) => saveHistoryItem(request.server.db, request.actor, request.body.historyItem),
  OperatorDowntime_exportHistory: async (request, reply) => sendAttachment(reply, await exportHistory(request.server.db, 'operator', request.body)),
};
