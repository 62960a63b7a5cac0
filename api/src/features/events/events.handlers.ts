import type { Handlers } from '../../lib/contract.js';
import { getEvents } from './events.service.js';

export const eventsHandlers: Handlers = {
  Events_getEvents: async (request) => getEvents(request.server.db, request.actor, request.body),
};
