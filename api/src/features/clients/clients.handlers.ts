import type { Handlers } from '../../lib/contract.js';
import * as service from './client-inventory.service.js';
import { directoryOf, getClients, getDirectoryClients, getDirectoryUser } from './clients-directory.service.js';

/** Every operation of the `clients` tag, by operationId. */
export const clientsHandlers: Handlers = {
  AdminClients_getClientProducts: async (request) => service.getClientProducts(request.server.db, request.body),
  AdminClients_saveClientProduct: async (request) => service.saveClientProduct(request.server.db, request.actor, request.body.product),
  AdminClients_deleteClientProducts: async (request) => service.deleteClientProducts(request.server.db, request.actor, request.body.ids),
  AdminClients_saveReclassification: async (request) => service.saveReclassification(request.server.db, request.actor, request.body),
  AdminClients_getClientDetails: async (request) => service.getClientDetails(request.server.db, request.body.clientId),
  AdminClients_saveClientDetails: async (request) => service.saveClientDetails(request.server.db, request.actor, request.body.info),
  AdminClients_saveClientLanguage: async (request) => service.saveClientLanguage(request.server.db, request.actor, request.body.clientId, request.body.language),
  AdminClients_getProductPrices: async (request) => service.getProductPrices(request.server.db, request.body),
  AdminClients_saveProductPrice: async (request) => service.saveProductPrice(request.server.db, request.actor, request.body.price),
  AdminClients_getProductBuyers: async (request) => service.getProductBuyers(request.server.db, request.body),
  AdminClients_saveProductBuyers: async (request) => service.saveProductBuyers(request.server.db, request.actor, request.body),
  AdminClients_getProductStock: async (request) => service.getProductStock(request.server.db, request.body),
  AdminClients_saveProductStock: async (request) => service.saveProductStock(request.server.db, request.actor, request.body.stock),
  AdminDirectory_getDirectoryClients: async (request) => getDirectoryClients(directoryOf(request.server.config, request.server.db)),
  AdminDirectory_getDirectoryUser: async (request) => getDirectoryUser(directoryOf(request.server.config, request.server.db), request.params.id),
  AdminClients_getClients: async (request) => getClients(request.server.db, request.server.config, request.body),
};
