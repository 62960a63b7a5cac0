import type { Handlers } from '../lib/contract.js';
import { apiclientsHandlers } from './apiclients/apiclients.handlers.js';
import { auditHandlers } from './audit/audit.handlers.js';
import { claimsHandlers } from './claims/claims.handlers.js';
import { clientsHandlers } from './clients/clients.handlers.js';
import { downtimeHandlers } from './downtime/downtime.handlers.js';
import { eventsHandlers } from './events/events.handlers.js';
import { invoicesHandlers } from './invoices/invoices.handlers.js';
import { lotsHandlers } from './lots/lots.handlers.js';
import { machinesHandlers } from './machines/machines.handlers.js';
import { manufacturersHandlers } from './manufacturers/manufacturers.handlers.js';
import { notificationsHandlers } from './notifications/notifications.handlers.js';
import { ordersHandlers } from './orders/orders.handlers.js';
import { plansHandlers } from './plans/plans.handlers.js';
import { portfolioHandlers } from './portfolio/portfolio.handlers.js';
import { preformsHandlers } from './preforms/preforms.handlers.js';
import { sessionHandlers } from './session/session.handlers.js';
import { statsHandlers } from './stats/stats.handlers.js';
import { stockHandlers } from './stock/stock.handlers.js';
import { supplyHandlers } from './supply/supply.handlers.js';
import { sustainabilityHandlers } from './sustainability/sustainability.handlers.js';
import { webhooksHandlers } from './webhooks/webhooks.handlers.js';

/** Every implemented operation, by operationId. Each feature folder is one contract tag and exports its own map. */
export const handlers: Handlers = {
  ...apiclientsHandlers,
  ...auditHandlers,
  ...claimsHandlers,
  ...clientsHandlers,
  ...downtimeHandlers,
  ...eventsHandlers,
  ...invoicesHandlers,
  ...lotsHandlers,
  ...machinesHandlers,
  ...manufacturersHandlers,
  ...notificationsHandlers,
  ...ordersHandlers,
  ...plansHandlers,
  ...portfolioHandlers,
  ...preformsHandlers,
  ...sessionHandlers,
  ...statsHandlers,
  ...stockHandlers,
  ...supplyHandlers,
  ...sustainabilityHandlers,
  ...webhooksHandlers,
};
