import type { Handlers } from '../../lib/contract.js';
import { getEvents } from './events.service.js';
import { scopeOf } from '../../lib/scope.js';

export const eventsHandlers: Handlers = {
  Events_getEvents: async (request) => getEvents(request.server.db, request.actor, scopeOf(request.actor), request.body),
};
