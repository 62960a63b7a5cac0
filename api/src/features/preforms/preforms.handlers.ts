import type { Handlers } from '../../lib/contract.js';
import { deletePreforms, getPreformSuppliers, getPreforms, getWarehouses, savePreform } from './preforms.service.js';

export const preformsHandlers: Handlers = {
  AdminPreforms_getPreforms: async (request) => getPreforms(request.server.db, request.body),
  AdminPreforms_getPreformSuppliers: async (request) => getPreformSuppliers(request.server.db, request.body.preformId),
  AdminPreforms_savePreform: async (request) => savePreform(request.server.db, request.actor, request.body.preform),
  AdminPreforms_deletePreforms: async (request) => deletePreforms(request.server.db, request.actor, request.body.ids),
  AdminPreforms_getWarehouses: async (request) => getWarehouses(request.server.db, request.body),
};
