import type { Handlers } from '../../lib/contract.js';
import { deleteOrders, getOrder, getOrderableProducts, getOrders, saveOrder } from './orders.service.js';

export const ordersHandlers: Handlers = {
  ClientOrders_getOrders: async (request) => getOrders(request.server.db, request.actor, request.body.pagination),
  ClientOrders_getOrder: async (request) => getOrder(request.server.db, request.actor, request.body.id),
  ClientOrders_saveOrder: async (request) => saveOrder(request.server.db, request.actor, request.body.Order),
  ClientOrders_deleteOrders: async (request) => deleteOrders(request.server.db, request.actor, request.body.orderIds),
  ClientOrders_getOrderableProducts: async (request) => getOrderableProducts(request.server.db, request.actor),
};
