import type { Handlers } from '../../lib/contract.js';
import { sendAttachment } from '../../pdf/download.js';
import { exportDeliveryPerformance, exportDeliveryRanking, getDeliveryPerformance, getDeliveryRanking } from './delivery.service.js';
import { getFillRate, getProducedQuantities, getQuantities, getQuantitiesDetailed } from './stats.service.js';
import { companyScopeOf } from '../../lib/scope.js';

export const statsHandlers: Handlers = {
  ClientStats_getProducedQuantities: async (request) => getProducedQuantities(request.server.db, companyScopeOf(request.actor), request.body),
  ClientStats_getFillRate: async (request) => getFillRate(request.server.db, companyScopeOf(request.actor), request.body.month),
  ClientStats_getQuantities: async (request) => getQuantities(request.server.db, companyScopeOf(request.actor), request.body.period),
  ClientStats_getQuantitiesDetailed: async (request) => getQuantitiesDetailed(request.server.db, companyScopeOf(request.actor), request.body),
  ClientStats_getDeliveryPerformance: async (request) => getDeliveryPerformance(request.server.db, companyScopeOf(request.actor), request.body.period),
  ClientStats_exportDeliveryPerformance: async (request, reply) =>
    sendAttachment(reply, await exportDeliveryPerformance(request.server.db, companyScopeOf(request.actor), request.body)),
  AdminStats_getDeliveryRanking: async (request) => getDeliveryRanking(request.server.db, request.body),
  AdminStats_exportDeliveryRanking: async (request, reply) => sendAttachment(reply, await exportDeliveryRanking(request.server.db, request.body)),
};
