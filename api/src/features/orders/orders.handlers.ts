import type { Handlers } from '../../lib/contract.js';
import { deleteOrders, getOrder, getOrderableProducts, getOrderItemHistory, getOrders, saveOrder } from './orders.service.js';
import { sendAttachment, whileClientWaits } from '../../pdf/download.js';
import { downloadProductionOrders, getProductionOrders } from './production-orders.service.js';
import { getPlanner, savePlannerItem } from './planner.service.js';
import { exportOrders, exportProductionOrders } from './orders.export.js';
import { addProducedEntry, getAgenda, getProducedEntries, saveProducedAmount } from './agenda.service.js';

/** Every operation of the `orders` tag, by operationId. */
export const ordersHandlers: Handlers = {
  ClientOrders_getOrders: async (request) => getOrders(request.server.db, request.actor, request.body.pagination),
  ClientOrders_exportOrders: async (request, reply) => sendAttachment(reply, await exportOrders(request.server.db, request.actor, request.body)),
  ClientOrders_getOrder: async (request) => getOrder(request.server.db, request.actor, request.body.id),
  ClientOrders_saveOrder: async (request) => saveOrder(request.server.db, request.actor, request.body.Order),
  ClientOrders_deleteOrders: async (request) => deleteOrders(request.server.db, request.actor, request.body.orderIds),
  ClientOrders_getOrderItemHistory: async (request) => getOrderItemHistory(request.server.db, request.actor, request.body.id),
  ClientOrders_getOrderableProducts: async (request) => getOrderableProducts(request.server.db, request.actor),
  AdminOrders_getProductionOrders: async (request) => getProductionOrders(request.server.db, request.body.pagination),
  AdminOrders_exportProductionOrders: async (request, reply) => sendAttachment(reply, await exportProductionOrders(request.server.db, request.body)),
  AdminOrders_downloadProductionOrders: async (request, reply) =>
    sendAttachment(reply, await downloadProductionOrders(request.server.db, request.body.orderIds, request.query.language, whileClientWaits(reply))),
  ClientPlanner_getPlanner: async (request) => getPlanner(request.server.db, request.actor, request.body),
  ClientPlanner_savePlannerItem: async (request) => savePlannerItem(request.server.db, request.actor, request.body.item),
  OperatorAgenda_getAgenda: async (request) => getAgenda(request.server.db, request.body),
  OperatorAgenda_saveProducedAmount: async (request) => saveProducedAmount(request.server.db, request.actor, request.body.item),
  OperatorAgenda_addProducedEntry: async (request) => addProducedEntry(request.server.db, request.actor, request.body.item),
  OperatorAgenda_getProducedEntries: async (request) => getProducedEntries(request.server.db, request.body.id),
};
