import type { Handlers } from '../../lib/contract.js';
import { getMe } from './session.service.js';
import { scopeOf } from '../../lib/scope.js';

export const sessionHandlers: Handlers = {
  Session_getMe: async (request) => getMe(request.server.db, request.actor, scopeOf(request.actor), request.server.config.CONTACT_EMAIL),
};
