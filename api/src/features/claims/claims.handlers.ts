import type { Handlers } from '../../lib/contract.js';
import { scopeOf } from '../../lib/scope.js';
import { sendAttachment } from '../../pdf/download.js';
import { deleteClaims, downloadClaim, getClaim, getClaimOrders, getClaimProducts, getClaims, getClientClaimOrders, saveClaim } from './claims.service.js';

/**
 * Each caller sees its scope (`scopeOf`): the admin every company, a client-face caller its own company. The orders
 * lookup serves both faces the same way.
 */
export const claimsHandlers: Handlers = {
  AdminClaims_getClaims: async (request) => getClaims(request.server.db, scopeOf(request.actor), request.body),
  AdminClaims_getClaim: async (request) => getClaim(request.server.db, scopeOf(request.actor), request.body.id),
  AdminClaims_saveClaim: async (request) => saveClaim(request.server.db, request.actor, scopeOf(request.actor), 'admin', request.body.Claim),
  AdminClaims_getClaimProducts: async (request) => getClaimProducts(request.server.db, request.body),
  AdminClaims_getClaimOrders: async (request) => getClientClaimOrders(request.server.db, request.body),
  AdminClaims_deleteClaims: async (request) => deleteClaims(request.server.db, request.actor, scopeOf(request.actor), 'admin', request.body.claimIds),
  AdminClaims_downloadClaim: async (request, reply) => sendAttachment(reply, await downloadClaim(request.server.db, request.actor, scopeOf(request.actor), request.body)),
  ClientClaims_getClaims: async (request) => getClaims(request.server.db, scopeOf(request.actor), request.body),
  ClientClaims_getClaim: async (request) => getClaim(request.server.db, scopeOf(request.actor), request.body.id),
  ClientClaims_saveClaim: async (request) => saveClaim(request.server.db, request.actor, scopeOf(request.actor), 'client', request.body.Claim),
  ClientClaims_deleteClaims: async (request) =>
    deleteClaims(request.server.db, request.actor, scopeOf(request.actor), 'client', request.body.claimIds),
  ClientClaims_getClaimOrders: async (request) => getClaimOrders(request.server.db, scopeOf(request.actor), request.body),
  ClientClaims_downloadClaim: async (request, reply) =>
    sendAttachment(reply, await downloadClaim(request.server.db, request.actor, scopeOf(request.actor), request.body)),
};
