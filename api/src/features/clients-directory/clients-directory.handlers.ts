import type { Handlers } from '../../lib/contract.js';
import { directoryOf, getClients, getDirectoryClients, getDirectoryUser } from './clients-directory.service.js';

export const clientsDirectoryHandlers: Handlers = {
  AdminDirectory_getDirectoryClients: async (request) => getDirectoryClients(directoryOf(request.server.config, request.server.db)),
  AdminDirectory_getDirectoryUser: async (request) => getDirectoryUser(directoryOf(request.server.config, request.server.db), request.params.id),
  AdminClients_getClients: async (request) => getClients(request.server.db, request.server.config, request.body),
};
