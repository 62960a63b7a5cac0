import type { Handlers } from '../../lib/contract.js';
import { sendAttachment } from '../../pdf/download.js';
import { downloadProductionOrders, getProductionOrders } from './production-orders.service.js';

export const productionOrdersHandlers: Handlers = {
  AdminOrders_getProductionOrders: async (request) => getProductionOrders(request.server.db, request.body.pagination),
  AdminOrders_downloadProductionOrders: async (request, reply) =>
    sendAttachment(reply, await downloadProductionOrders(request.server.db, request.body.orderIds)),
};
