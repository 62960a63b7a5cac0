import type { Handlers } from '../../lib/contract.js';
import { getMachineStatus, getPortfolio } from './portfolio.service.js';

export const portfolioHandlers: Handlers = {
  ClientPortfolio_getPortfolio: async (request) => getPortfolio(request.server.db, request.actor),
  ClientPortfolio_getMachineStatus: async (request) => getMachineStatus(request.server.db, request.actor),
};
