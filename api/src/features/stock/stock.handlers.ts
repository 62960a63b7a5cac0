import type { Handlers } from '../../lib/contract.js';
import { fillPreformStock, getOperatorPreformStock, getPreformStock } from './stock.service.js';

export const stockHandlers: Handlers = {
  AdminPreformStock_getPreformStock: async (request) => getPreformStock(request.server.db, request.body),
  AdminPreformStock_fillPreformStock: async (request) =>
    fillPreformStock(request.server.db, request.actor, request.body, 'fillPreformStock'),
  OperatorStock_getOperatorPreformStock: async (request) => getOperatorPreformStock(request.server.db, request.body),
  OperatorStock_fillOperatorPreformStock: async (request) =>
    fillPreformStock(request.server.db, request.actor, request.body, 'fillOperatorPreformStock'),
};
