import type { Handlers } from '../../lib/contract.js';
import { sendAttachment } from '../../pdf/download.js';
import { exportOperatorPreformStock, exportPreformStock, fillPreformStock, getOperatorPreformStock, getPreformStock } from './stock.service.js';

export const stockHandlers: Handlers = {
  AdminPreformStock_getPreformStock: async (request) => getPreformStock(request.server.db, request.body),
  AdminPreformStock_fillPreformStock: async (request) =>
    fillPreformStock(request.server.db, request.actor, request.body, 'fillPreformStock'),
  AdminPreformStock_exportPreformStock: async (request, reply) => sendAttachment(reply, await exportPreformStock(request.server.db, request.body)),
  OperatorStock_getOperatorPreformStock: async (request) => getOperatorPreformStock(request.server.db, request.body),
  OperatorStock_fillOperatorPreformStock: async (request) =>
    fillPreformStock(request.server.db, request.actor, request.body, 'fillOperatorPreformStock'),
  OperatorStock_exportOperatorPreformStock: async (request, reply) =>
    sendAttachment(reply, await exportOperatorPreformStock(request.server.db, request.body)),
};
