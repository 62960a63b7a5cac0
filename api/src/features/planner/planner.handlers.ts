import type { Handlers } from '../../lib/contract.js';
import { getPlanner, savePlannerItem } from './planner.service.js';

export const plannerHandlers: Handlers = {
  ClientPlanner_getPlanner: async (request) => getPlanner(request.server.db, request.actor, request.body),
  ClientPlanner_savePlannerItem: async (request) => savePlannerItem(request.server.db, request.actor, request.body.item),
};
