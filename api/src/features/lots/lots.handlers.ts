import type { Handlers } from '../../lib/contract.js';
import { sendAttachment, whileClientWaits } from '../../pdf/download.js';
import * as service from './lots.service.js';

/** Traceability (issue 17): preform lots, stock by lot, production records' lots, traces, recall and EPCIS for staff; the client's own items' lots. */
export const lotsHandlers: Handlers = {
  StaffLots_getLots: async (request) => service.getLots(request.server.db, request.body),
  StaffLots_getLot: async (request) => service.getLot(request.server.db, request.body.id),
  StaffLots_getLotStock: async (request) => service.getLotStock(request.server.db, request.body),
  StaffLots_getProductionLots: async (request) => service.getProductionLots(request.server.db, request.body.producedEntryId),
  StaffLots_getItemTrace: async (request) => service.getItemTrace(request.server.db, request.body.orderItemId),
  StaffLots_getClaimTrace: async (request) => service.getClaimTrace(request.server.db, request.body.claimId),
  StaffLots_getLotRecall: async (request) =>
    service.getLotRecall(request.server.db, request.body.id, { summary: request.body.summary, clientId: request.body.clientId }),
  StaffLots_exportLotRecallCsv: async (request, reply) => sendAttachment(reply, await service.exportLotRecallCsv(request.server.db, request.body.id)),
  StaffLots_exportLotRecallPdf: async (request, reply) => sendAttachment(reply, await service.exportLotRecallPdf(request.server.db, request.body.id, request.query.language, whileClientWaits(reply))),
  StaffLots_exportLotEpcis: async (request, reply) => sendAttachment(reply, await service.exportLotEpcis(request.server.db, request.body.id, request.server.config.publicUrl)),
  AdminLots_saveLot: async (request) => service.saveLot(request.server.db, request.actor, request.body),
  AdminLots_saveProductionLots: async (request) => service.saveProductionLots(request.server.db, request.actor, request.body),
  ClientLots_getItemLots: async (request) => service.getClientItemLots(request.server.db, request.actor, request.body.id),
  ClientLots_getClaimLots: async (request) => service.getClientClaimLots(request.server.db, request.actor, request.body.id),
};
