import type { Handlers } from '../../lib/contract.js';
import { getAgenda, saveProducedAmount } from './agenda.service.js';

export const agendaHandlers: Handlers = {
  OperatorAgenda_getAgenda: async (request) => getAgenda(request.server.db),
  OperatorAgenda_saveProducedAmount: async (request) => saveProducedAmount(request.server.db, request.actor, request.body.item),
};
