import type { Handlers } from '../../lib/contract.js';
import { deleteEndpoints, getDeliveries, getEndpoints, resendDelivery, rotateSecret, saveEndpoint } from './webhooks.service.js';
import { scopeOf } from '../../lib/scope.js';

export const webhooksHandlers: Handlers = {
  Webhooks_getEndpoints: async (request) => getEndpoints(request.server.db, scopeOf(request.actor)),
  Webhooks_saveEndpoint: async (request) => saveEndpoint(request.server.db, request.server.config, request.actor, scopeOf(request.actor), request.body.endpoint),
  Webhooks_rotateSecret: async (request) => rotateSecret(request.server.db, request.server.config, request.actor, scopeOf(request.actor), request.body.id, request.body.version),
  Webhooks_deleteEndpoints: async (request) => deleteEndpoints(request.server.db, request.actor, scopeOf(request.actor), request.body.endpointIds),
  Webhooks_getDeliveries: async (request) => getDeliveries(request.server.db, scopeOf(request.actor), request.body.endpointId, request.body.limit),
  Webhooks_resendDelivery: async (request) => resendDelivery(request.server.db, request.actor, scopeOf(request.actor), request.body.deliveryId),
};
