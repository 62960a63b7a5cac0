import type { Handlers } from '../../lib/contract.js';
import { getMachineStatus, getPortfolio } from './portfolio.service.js';
import { companyScopeOf } from '../../lib/scope.js';

export const portfolioHandlers: Handlers = {
  ClientPortfolio_getPortfolio: async (request) => getPortfolio(request.server.db, companyScopeOf(request.actor)),
  ClientPortfolio_getMachineStatus: async (request) => getMachineStatus(request.server.db, companyScopeOf(request.actor)),
};
