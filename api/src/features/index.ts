import type { Handlers } from '../lib/contract.js';
import { agendaHandlers } from './agenda/agenda.handlers.js';
import { auditHandlers } from './audit/audit.handlers.js';
import { claimsHandlers } from './claims/claims.handlers.js';
import { clientInventoryHandlers } from './client-inventory/client-inventory.handlers.js';
import { clientsDirectoryHandlers } from './clients-directory/clients-directory.handlers.js';
import { downtimeHandlers } from './downtime/downtime.handlers.js';
import { invoicesHandlers } from './invoices/invoices.handlers.js';
import { manufacturersHandlers } from './manufacturers/manufacturers.handlers.js';
import { ordersHandlers } from './orders/orders.handlers.js';
import { plannerHandlers } from './planner/planner.handlers.js';
import { plansHandlers } from './plans/plans.handlers.js';
import { portfolioHandlers } from './portfolio/portfolio.handlers.js';
import { preformsHandlers } from './preforms/preforms.handlers.js';
import { productionOrdersHandlers } from './production-orders/production-orders.handlers.js';
import { sessionHandlers } from './session/session.handlers.js';
import { statsHandlers } from './stats/stats.handlers.js';
import { stockHandlers } from './stock/stock.handlers.js';
import { supplyHandlers } from './supply/supply.handlers.js';
import { uploadsHandlers } from './uploads/uploads.handlers.js';

/** Every implemented operation, by operationId. Each feature exports its own map. */
export const handlers: Handlers = {
  ...agendaHandlers,
  ...auditHandlers,
  ...claimsHandlers,
  ...clientInventoryHandlers,
  ...clientsDirectoryHandlers,
  ...downtimeHandlers,
  ...invoicesHandlers,
  ...manufacturersHandlers,
  ...ordersHandlers,
  ...plannerHandlers,
  ...plansHandlers,
  ...portfolioHandlers,
  ...preformsHandlers,
  ...productionOrdersHandlers,
  ...sessionHandlers,
  ...statsHandlers,
  ...stockHandlers,
  ...supplyHandlers,
  ...uploadsHandlers,
};
