import type { Handlers } from '../../lib/contract.js';
import { deletePlans, getPlan, getPlans, savePlan } from './plans.service.js';
import { companyScopeOf } from '../../lib/scope.js';

export const plansHandlers: Handlers = {
  ClientPlans_getPlans: async (request) => getPlans(request.server.db, companyScopeOf(request.actor), request.body.pagination),
  ClientPlans_deletePlans: async (request) => deletePlans(request.server.db, request.actor, companyScopeOf(request.actor), request.body.planIds),
  ClientPlans_getPlan: async (request) => getPlan(request.server.db, companyScopeOf(request.actor), request.params.id),
  ClientPlans_savePlan: async (request) => savePlan(request.server.db, request.actor, companyScopeOf(request.actor), request.body.Plan),
};
