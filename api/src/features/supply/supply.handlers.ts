import type { Handlers } from '../../lib/contract.js';
import {
  acceptSupplySuggestion,
  dismissSupplySuggestion,
  getSupplyPlan,
  getSupplyPlanLines,
  getSupplyPlanSettings,
  saveSupplyPlanSettings,
} from './plan.service.js';
import { deleteSupplyOrder, getSupplyOrders, saveSupplyOrder } from './supply.service.js';

export const supplyHandlers: Handlers = {
  AdminSupply_getSupplyOrders: async (request) => getSupplyOrders(request.server.db, request.body),
  AdminSupply_saveSupplyOrder: async (request) => saveSupplyOrder(request.server.db, request.actor, request.body.Order),
  AdminSupply_deleteSupplyOrder: async (request) => deleteSupplyOrder(request.server.db, request.actor, request.body),
  AdminSupply_getSupplyPlan: async (request) => getSupplyPlan(request.server.db, request.body),
  AdminSupply_getSupplyPlanLines: async (request) => getSupplyPlanLines(request.server.db, request.body),
  AdminSupply_acceptSupplySuggestion: async (request) => acceptSupplySuggestion(request.server.db, request.actor, request.body),
  AdminSupply_dismissSupplySuggestion: async (request) => dismissSupplySuggestion(request.server.db, request.actor, request.body),
  AdminSupply_getSupplyPlanSettings: async (request) => getSupplyPlanSettings(request.server.db),
  AdminSupply_saveSupplyPlanSettings: async (request) => saveSupplyPlanSettings(request.server.db, request.actor, request.body.settings),
};
