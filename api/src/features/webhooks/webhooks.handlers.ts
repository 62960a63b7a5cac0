import type { FastifyRequest } from 'fastify';
import type { Handlers } from '../../lib/contract.js';
import { translator } from '../../lib/i18n.js';
import { deleteEndpoints, getDeliveries, getEndpoints, resendDelivery, rotateSecret, saveEndpoint } from './webhooks.service.js';
import { scopeOf } from '../../lib/scope.js';
import { requestLanguage } from '../session/session.handlers.js';

/** The reader's language (as a problem's detail is worded): the endpoint's disable reason is worded in it. */
const readerOf = async (request: FastifyRequest) => translator(await requestLanguage(request.server.db, request));

export const webhooksHandlers: Handlers = {
  Webhooks_getEndpoints: async (request) => getEndpoints(request.server.db, scopeOf(request.actor), await readerOf(request)),
  Webhooks_saveEndpoint: async (request) =>
    saveEndpoint(request.server.db, request.server.config, request.actor, scopeOf(request.actor), request.body.endpoint, await readerOf(request)),
  Webhooks_rotateSecret: async (request) =>
    rotateSecret(request.server.db, request.server.config, request.actor, scopeOf(request.actor), request.body.id, request.body.version, await readerOf(request)),
  Webhooks_deleteEndpoints: async (request) => deleteEndpoints(request.server.db, request.actor, scopeOf(request.actor), request.body.endpointIds),
  Webhooks_getDeliveries: async (request) => getDeliveries(request.server.db, scopeOf(request.actor), request.body.endpointId, request.body.limit),
  Webhooks_resendDelivery: async (request) => resendDelivery(request.server.db, request.actor, scopeOf(request.actor), request.body.deliveryId),
};
