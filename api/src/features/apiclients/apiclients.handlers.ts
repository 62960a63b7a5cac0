import type { Handlers } from '../../lib/contract.js';
import * as service from './apiclients.service.js';

/** API clients: the admin lists, creates and revokes the systems that sign in with client credentials. */
export const apiclientsHandlers: Handlers = {
  ApiClients_getApiClients: async (request) => service.getApiClients(request.server.db),
  ApiClients_createApiClient: async (request) => service.createApiClient(request.server.db, request.actor, request.body.apiClient),
  ApiClients_revokeApiClient: async (request) => service.revokeApiClient(request.server.db, request.server.revocations, request.actor, request.body.id),
};
