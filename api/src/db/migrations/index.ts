import type { Migration } from 'kysely';
import * as core from './2026-11-22-0001-core.js';
import * as identity from './2026-11-22-0002-identity.js';
import * as supply from './2026-11-22-0003-supply.js';
import * as orders from './2026-11-22-0004-orders.js';
import * as claims from './2026-11-22-0005-claims.js';
import * as invoicesPlans from './2026-11-22-0006-invoices-plans.js';
import * as planner from './2026-11-22-0007-planner.js';
import * as clientInventory from './2026-11-22-0008-client-inventory.js';
import * as stockPairs from './2026-11-22-0010-stock-pairs.js';
import * as stockDemand from './2026-11-22-0011-stock-demand.js';
import * as idempotencyKeys from './2026-11-23-0100-idempotency-keys.js';
import * as abuseLimits from './2026-11-23-0200-abuse-limits.js';
import * as auditChain from './2026-11-23-0400-audit-chain.js';
import * as mfa from './2026-11-23-0400-mfa.js';
import * as producedEntries from './2026-11-24-0100-produced-entries.js';
import * as supplyPlan from './2026-11-24-0400-supply-plan.js';
import * as orderItemHistory from './2026-11-24-0500-order-item-history.js';
import * as machines from './2026-11-24-0600-machines.js';
import * as uploadObjects from './2026-11-25-0100-upload-objects.js';
import * as lots from './2026-11-25-0110-lots.js';
import * as claims8d from './2026-11-25-0200-claims-8d.js';
import * as jobs from './2026-11-25-0300-jobs.js';
import * as screenIndexes from './2026-11-25-0900-screen-indexes.js';
import * as supplyPlanChanges from './2026-11-25-0910-supply-plan-changes.js';
import * as producedByDue from './2026-11-25-0920-produced-by-due.js';
import * as lotItemUses from './2026-11-25-0930-lot-item-uses.js';
import * as deliveryAggregates from './2026-11-25-1000-delivery-aggregates.js';
import * as agendaWeek from './2026-11-25-1010-agenda-week.js';
import * as agendaCounts from './2026-11-25-1100-agenda-counts.js';
import * as claimsSearch from './2026-11-25-1110-claims-search.js';
import * as downtimeHistoryDay from './2026-11-25-1120-downtime-history-day.js';
import * as machineCountDays from './2026-11-25-1210-machine-count-days.js';
import * as downtimeHistoryMachineCover from './2026-11-25-1220-downtime-history-machine-cover.js';
import * as plannerProductionOrders from './2026-11-25-1230-planner-production-orders.js';
import * as downtimeHistoryEnd from './2026-11-25-1240-downtime-history-end.js';
import * as downtimeHistorySpan from './2026-11-25-1310-downtime-history-span.js';
import * as clientStatsSums from './2026-11-25-1400-client-stats-sums.js';
import * as machineLastStates from './2026-11-25-1500-machine-last-states.js';
import * as invoiceCount from './2026-11-25-1600-invoice-count.js';
import * as ordersCompanyPage from './2026-11-26-0800-orders-company-page.js';
import * as machineEventsUnknown from './2026-11-26-2200-machine-events-unknown.js';
import * as auditKeyedChain from './2026-11-27-0800-audit-keyed-chain.js';
import * as lotsByUseTime from './2026-12-02-0100-lots-by-use-time.js';
import * as uploadCleanup from './2026-12-06-0100-upload-cleanup.js';
import * as machineEventsBounds from './2026-12-06-1600-machine-events-bounds.js';
import * as orderItemMachine from './2026-12-06-1610-order-item-machine.js';
import * as eventsWebhooks from './2026-12-06-1710-events-webhooks.js';
import * as apiClients from './2026-12-06-1720-api-clients.js';
import * as revocationNotify from './2026-12-06-1730-revocation-notify.js';
import * as notifications from './2026-12-06-2120-notifications.js';
import * as derivedModules from './2026-12-06-2200-derived-modules.js';
import * as notificationMail from './2026-12-06-2230-notification-mail.js';
import * as notificationMailFailed from './2026-12-07-0110-notification-mail-failed.js';
import * as languages from './2026-12-07-0120-languages.js';
import * as sustainability from './2026-12-07-0130-sustainability.js';
import * as lotCertificates from './2026-12-07-0140-lot-certificates.js';

/**
 * Every migration, in order. Listed in code rather than read from a folder so that the same list runs
 * from TypeScript (tests, dev) and from the compiled build. Names are timestamped; never rename one.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-22-0001-core': core,
  '2026-11-22-0002-identity': identity,
  '2026-11-22-0003-supply': supply,
  '2026-11-22-0004-orders': orders,
  '2026-11-22-0005-claims': claims,
  '2026-11-22-0006-invoices-plans': invoicesPlans,
  '2026-11-22-0007-planner': planner,
  '2026-11-22-0008-client-inventory': clientInventory,
  '2026-11-22-0010-stock-pairs': stockPairs,
  '2026-11-22-0011-stock-demand': stockDemand,
  '2026-11-23-0100-idempotency-keys': idempotencyKeys,
  '2026-11-23-0200-abuse-limits': abuseLimits,
  '2026-11-23-0400-audit-chain': auditChain,
  '2026-11-23-0400-mfa': mfa,
  '2026-11-24-0100-produced-entries': producedEntries,
  '2026-11-24-0400-supply-plan': supplyPlan,
  '2026-11-24-0500-order-item-history': orderItemHistory,
  '2026-11-24-0600-machines': machines,
  '2026-11-25-0100-upload-objects': uploadObjects,
  '2026-11-25-0110-lots': lots,
  '2026-11-25-0200-claims-8d': claims8d,
  '2026-11-25-0300-jobs': jobs,
  '2026-11-25-0900-screen-indexes': screenIndexes,
  '2026-11-25-0910-supply-plan-changes': supplyPlanChanges,
  '2026-11-25-0920-produced-by-due': producedByDue,
  '2026-11-25-0930-lot-item-uses': lotItemUses,
  '2026-11-25-1000-delivery-aggregates': deliveryAggregates,
  '2026-11-25-1010-agenda-week': agendaWeek,
  '2026-11-25-1100-agenda-counts': agendaCounts,
  '2026-11-25-1110-claims-search': claimsSearch,
  '2026-11-25-1120-downtime-history-day': downtimeHistoryDay,
  '2026-11-25-1210-machine-count-days': machineCountDays,
  '2026-11-25-1220-downtime-history-machine-cover': downtimeHistoryMachineCover,
  '2026-11-25-1230-planner-production-orders': plannerProductionOrders,
  '2026-11-25-1240-downtime-history-end': downtimeHistoryEnd,
  '2026-11-25-1310-downtime-history-span': downtimeHistorySpan,
  '2026-11-25-1400-client-stats-sums': clientStatsSums,
  '2026-11-25-1500-machine-last-states': machineLastStates,
  '2026-11-25-1600-invoice-count': invoiceCount,
  '2026-11-26-0800-orders-company-page': ordersCompanyPage,
  '2026-11-26-2200-machine-events-unknown': machineEventsUnknown,
  '2026-11-27-0800-audit-keyed-chain': auditKeyedChain,
  '2026-12-02-0100-lots-by-use-time': lotsByUseTime,
  '2026-12-06-0100-upload-cleanup': uploadCleanup,
  '2026-12-06-1600-machine-events-bounds': machineEventsBounds,
  '2026-12-06-1610-order-item-machine': orderItemMachine,
  '2026-12-06-1710-events-webhooks': eventsWebhooks,
  '2026-12-06-1720-api-clients': apiClients,
  '2026-12-06-1730-revocation-notify': revocationNotify,
  '2026-12-06-2120-notifications': notifications,
  '2026-12-06-2200-derived-modules': derivedModules,
  '2026-12-06-2230-notification-mail': notificationMail,
  '2026-12-07-0110-notification-mail-failed': notificationMailFailed,
  '2026-12-07-0120-languages': languages,
  '2026-12-07-0130-sustainability': sustainability,
  '2026-12-07-0140-lot-certificates': lotCertificates,
};
