import type { Handlers } from '../../lib/contract.js';
import { tenantOf, type Actor } from '../../lib/actor.js';
import { sendAttachment } from '../../pdf/download.js';
import { deleteClaims, downloadClaim, getClaim, getClaimOrders, getClaimProducts, getClaims, getClientClaimOrders, saveClaim } from './claims.service.js';

/** The orders lookup serves both faces: a client-face caller sees only its company, the admin every company. */
const lookupScope = (actor: Actor) => (actor.clientType ? tenantOf(actor) : null);

/** Admin handlers see every company (scope null); client handlers only the caller's (tenantOf). */
export const claimsHandlers: Handlers = {
  AdminClaims_getClaims: async (request) => getClaims(request.server.db, null, request.body),
  AdminClaims_getClaim: async (request) => getClaim(request.server.db, null, request.body.id),
  AdminClaims_saveClaim: async (request) => saveClaim(request.server.db, request.actor, null, 'admin', request.body.Claim),
  AdminClaims_getClaimProducts: async (request) => getClaimProducts(request.server.db, request.body),
  AdminClaims_getClaimOrders: async (request) => getClientClaimOrders(request.server.db, request.body),
  AdminClaims_deleteClaims: async (request) => deleteClaims(request.server.db, request.actor, null, 'admin', request.body.claimIds),
  AdminClaims_downloadClaim: async (request, reply) => sendAttachment(reply, await downloadClaim(request.server.db, request.actor, null, request.body)),
  ClientClaims_getClaims: async (request) => getClaims(request.server.db, tenantOf(request.actor), request.body),
  ClientClaims_getClaim: async (request) => getClaim(request.server.db, tenantOf(request.actor), request.body.id),
  ClientClaims_saveClaim: async (request) => saveClaim(request.server.db, request.actor, tenantOf(request.actor), 'client', request.body.Claim),
  ClientClaims_deleteClaims: async (request) =>
    deleteClaims(request.server.db, request.actor, tenantOf(request.actor), 'client', request.body.claimIds),
  ClientClaims_getClaimOrders: async (request) => getClaimOrders(request.server.db, lookupScope(request.actor), request.body),
  ClientClaims_downloadClaim: async (request, reply) =>
    sendAttachment(reply, await downloadClaim(request.server.db, request.actor, tenantOf(request.actor), request.body)),
};
