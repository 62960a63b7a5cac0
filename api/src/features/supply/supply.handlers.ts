import type { Handlers } from "../../lib/contract.js";
import {
  deleteSupplyOrder,
  getSupplyOrders,
  saveSupplyOrder,
} from "./supply.service.js";

export const supplyHandlers: Handlers = {
  AdminSupply_getSupplyOrders: async (request) =>
    getSupplyOrders(request.server.db, request.body),
  AdminSupply_saveSupplyOrder: async (request) =>
    saveSupplyOrder(request.server.db, request.actor, request.body.Order),
  AdminSupply_deleteSupplyOrder: async (request) =>
    deleteSupplyOrder(request.server.db, request.actor, request.body),
};
