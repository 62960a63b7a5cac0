import type { Handlers } from '../../lib/contract.js';
import { addProducedEntry, getAgenda, getProducedEntries, saveProducedAmount } from './agenda.service.js';

export const agendaHandlers: Handlers = {
  OperatorAgenda_getAgenda: async (request) => getAgenda(request.server.db),
  OperatorAgenda_saveProducedAmount: async (request) => saveProducedAmount(request.server.db, request.actor, request.body.item),
  OperatorAgenda_addProducedEntry: async (request) => addProducedEntry(request.server.db, request.actor, request.body.item),
  OperatorAgenda_getProducedEntries: async (request) => getProducedEntries(request.server.db, request.body.id),
};
