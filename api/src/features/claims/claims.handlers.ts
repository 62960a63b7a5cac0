import type { Handlers } from '../../lib/contract.js';
import { sendAttachment, whileClientWaits } from '../../pdf/download.js';
import { deleteClaims, downloadClaim, fillContainmentFromTrace, getClaim, getClaimOrders, getClaimProducts, getClaims, getClientClaimOrders, saveClaim } from './claims.service.js';
import { companyScopeOf, scopeOf } from '../../lib/scope.js';
import { receivedFile } from './uploads.multipart.js';
import { deleteUploads, downloadUpload, getObjectUploads, saveUpload } from './uploads.service.js';

/** Every operation of the `claims` tag, by operationId. */
export const claimsHandlers: Handlers = {
  /**
   * Each caller sees its scope (`scopeOf`): the admin every company, a client-face caller its own company. The orders
   * lookup serves both faces the same way.
   */
  AdminClaims_getClaims: async (request) => getClaims(request.server.db, scopeOf(request.actor), request.body),
  AdminClaims_getClaim: async (request) => getClaim(request.server.db, scopeOf(request.actor), request.body.id),
  AdminClaims_saveClaim: async (request) => saveClaim(request.server.db, request.actor, scopeOf(request.actor), 'admin', request.body.Claim),
  AdminClaims_getClaimProducts: async (request) => getClaimProducts(request.server.db, request.body),
  AdminClaims_getClaimOrders: async (request) => getClientClaimOrders(request.server.db, request.body),
  AdminClaims_fillContainmentFromTrace: async (request) =>
    fillContainmentFromTrace(request.server.db, request.actor, scopeOf(request.actor), request.body),
  AdminClaims_deleteClaims: async (request) => deleteClaims(request.server.db, request.actor, scopeOf(request.actor), 'admin', request.body.claimIds),
  AdminClaims_downloadClaim: async (request, reply) => sendAttachment(reply, await downloadClaim(request.server.db, request.actor, scopeOf(request.actor), request.body, request.query.language, whileClientWaits(reply))),
  ClientClaims_getClaims: async (request) => getClaims(request.server.db, scopeOf(request.actor), request.body),
  ClientClaims_getClaim: async (request) => getClaim(request.server.db, scopeOf(request.actor), request.body.id),
  ClientClaims_saveClaim: async (request) => saveClaim(request.server.db, request.actor, scopeOf(request.actor), 'client', request.body.Claim),
  ClientClaims_deleteClaims: async (request) =>
    deleteClaims(request.server.db, request.actor, scopeOf(request.actor), 'client', request.body.claimIds),
  ClientClaims_getClaimOrders: async (request) => getClaimOrders(request.server.db, scopeOf(request.actor), request.body),
  ClientClaims_downloadClaim: async (request, reply) =>
    sendAttachment(reply, await downloadClaim(request.server.db, request.actor, scopeOf(request.actor), request.body, request.query.language, whileClientWaits(reply))),
  /** Each caller sees its scope (`scopeOf`): the admin every company, a client its own company. */
  AdminUploads_getObjectUploads: async (request) => getObjectUploads(request.server.db, scopeOf(request.actor), request.body),
  AdminUploads_downloadUpload: async (request, reply) => sendAttachment(reply, await downloadUpload(request.server.db, request.server.uploads, scopeOf(request.actor), request.body.id)),
  ClientUploads_saveUploads: async (request) => saveUpload(request.server.db, request.server.uploads, request.actor, companyScopeOf(request.actor), receivedFile(request), request.server.config.UPLOAD_COMPANY_QUOTA_BYTES),
  ClientUploads_deleteUploads: async (request) => deleteUploads(request.server.db, request.actor, scopeOf(request.actor), request.body.uploadsIds),
  ClientUploads_downloadUpload: async (request, reply) =>
    sendAttachment(reply, await downloadUpload(request.server.db, request.server.uploads, scopeOf(request.actor), request.body.id)),
  ClientUploads_getObjectUploads: async (request) => getObjectUploads(request.server.db, scopeOf(request.actor), request.body),
};
