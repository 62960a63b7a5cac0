import type { Handlers } from '../../lib/contract.js';
import { eventBoundsOf } from './machines.ingest.js';
import * as service from './machines.service.js';
import { companyScopeOf, scopeOf } from '../../lib/scope.js';

/** Plant performance: credentials and kept-aside events for the admin, live status, OEE and analytics for staff, events from machines, the client's view. */
export const machinesHandlers: Handlers = {
  AdminMachines_getCredentials: async (request) => service.getCredentials(request.server.db),
  AdminMachines_createCredential: async (request) => service.createCredential(request.server.db, request.actor, request.body.credential),
  AdminMachines_revokeCredential: async (request) => service.revokeCredential(request.server.db, request.actor, request.body.id),
  AdminMachines_getLiveStatus: async (request) => service.getLiveStatus(request.server.db, scopeOf(request.actor), request.body),
  AdminMachines_getOee: async (request) => service.getOee(request.server.db, scopeOf(request.actor), request.body),
  AdminMachines_getDowntimeAnalytics: async (request) => service.getDowntimeAnalytics(request.server.db, scopeOf(request.actor), request.body),
  AdminMachines_getUnmatchedEvents: async (request) => service.getUnmatched(request.server.db, request.body.pagination),
  OperatorMachines_getLiveStatus: async (request) => service.getLiveStatus(request.server.db, scopeOf(request.actor), request.body),
  OperatorMachines_getOee: async (request) => service.getOee(request.server.db, scopeOf(request.actor), request.body),
  OperatorMachines_getDowntimeAnalytics: async (request) => service.getDowntimeAnalytics(request.server.db, scopeOf(request.actor), request.body),
  MachineEvents_postEvents: async (request) => service.postEvents(request.server.db, request.actor, request.body, eventBoundsOf(request.server.config)),
  ClientMachines_getPerformance: async (request) => service.getClientPerformance(request.server.db, companyScopeOf(request.actor), request.body.period),
};
