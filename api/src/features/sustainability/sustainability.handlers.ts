import type { Handlers } from '../../lib/contract.js';
import { companyScopeOf } from '../../lib/scope.js';
import { receivedFile } from '../claims/uploads.multipart.js';
import { sendAttachment, whileClientWaits } from '../../pdf/download.js';
import * as exports from './sustainability.exports.js';
import * as service from './sustainability.service.js';

/** Recycled content and carbon: lots' composition for the admin, delivered lines, years and statements for the client, the plant's balance. */
export const sustainabilityHandlers: Handlers = {
  AdminSustainability_getLotComposition: async (request) => service.getLotComposition(request.server.db, request.body.lotId),
  AdminSustainability_saveLotComposition: async (request) => service.saveLotComposition(request.server.db, request.actor, request.body),
  AdminSustainability_saveLotCertificate: async (request) =>
    // The multipart body as the contract checked it: the lot's id beside the file's name (uploads.multipart.ts).
    service.saveLotCertificate(request.server.db, request.server.uploads, request.actor, (request.body as { lotId: number }).lotId, receivedFile(request)),
  AdminSustainability_downloadLotCertificate: async (request, reply) =>
    sendAttachment(reply, await service.downloadLotCertificate(request.server.db, request.server.uploads, request.body.lotId)),
  AdminSustainability_getCustomersFootprint: async (request) => service.getCustomersFootprint(request.server.db, request.body.year),
  AdminSustainability_getMassBalance: async (request) => service.getMassBalance(request.server.db),
  ClientSustainability_getItemFootprint: async (request) => service.getItemFootprint(request.server.db, companyScopeOf(request.actor), request.body.id),
  ClientSustainability_downloadItemLotCertificate: async (request, reply) =>
    sendAttachment(
      reply,
      await service.downloadItemLotCertificate(request.server.db, request.server.uploads, companyScopeOf(request.actor), request.body.id, request.body.lotId),
    ),
  ClientSustainability_getYearFootprint: async (request) => service.getYearFootprint(request.server.db, companyScopeOf(request.actor), request.body.year),
  ClientSustainability_exportYearFootprintCsv: async (request, reply) => sendAttachment(reply, await exports.yearCsv(request.server.db, companyScopeOf(request.actor), request.body.year)),
  ClientSustainability_exportYearFootprintJson: async (request, reply) => sendAttachment(reply, await exports.yearJson(request.server.db, companyScopeOf(request.actor), request.body.year)),
  ClientSustainability_downloadInvoiceStatement: async (request, reply) =>
    sendAttachment(reply, await exports.invoiceStatement(request.server.db, companyScopeOf(request.actor), request.body.id, request.query.language, whileClientWaits(reply))),
  ClientSustainability_downloadYearStatement: async (request, reply) =>
    sendAttachment(reply, await exports.yearStatement(request.server.db, companyScopeOf(request.actor), request.body.year, request.query.language, whileClientWaits(reply))),
};
