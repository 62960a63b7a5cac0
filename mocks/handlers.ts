import { http, HttpResponse } from 'msw';
import { getAuditMock } from '../generated/web/endpoints/audit/audit.msw';
import { getClaimsMock } from '../generated/web/endpoints/claims/claims.msw';
import { getClientsMock } from '../generated/web/endpoints/clients/clients.msw';
import { getDowntimeMock } from '../generated/web/endpoints/downtime/downtime.msw';
import { getInvoicesMock } from '../generated/web/endpoints/invoices/invoices.msw';
import { getLotsMock } from '../generated/web/endpoints/lots/lots.msw';
import { getMachinesMock } from '../generated/web/endpoints/machines/machines.msw';
import { getManufacturersMock } from '../generated/web/endpoints/manufacturers/manufacturers.msw';
import { getOrdersMock } from '../generated/web/endpoints/orders/orders.msw';
import { getPlansMock } from '../generated/web/endpoints/plans/plans.msw';
import { getPortfolioMock } from '../generated/web/endpoints/portfolio/portfolio.msw';
import { getPreformsMock } from '../generated/web/endpoints/preforms/preforms.msw';
import { getSessionMock } from '../generated/web/endpoints/session/session.msw';
import { getStatsMock } from '../generated/web/endpoints/stats/stats.msw';
import { getStockMock } from '../generated/web/endpoints/stock/stock.msw';
import { getSupplyMock } from '../generated/web/endpoints/supply/supply.msw';
import { getEventsMock } from '../generated/web/endpoints/events/events.msw';
import { getWebhooksMock } from '../generated/web/endpoints/webhooks/webhooks.msw';
import { getNotificationsGetFailedMailsMockHandler, getNotificationsRetryMailMockHandler } from '../generated/web/endpoints/notifications/notifications.msw';

/**
 * The generated MSW handlers of every tag (orval, from the contract's examples): a screen can be developed, and a
 * test can run, against answers shaped exactly like the contract's. Tests override what they assert with
 * `server.use(...)`. Anything else under /api answers 501 problem+json.
 */
export const handlers = [
  ...getAuditMock(),
  ...getClaimsMock(),
  ...getClientsMock(),
  ...getDowntimeMock(),
  ...getInvoicesMock(),
  ...getLotsMock(),
  ...getMachinesMock(),
  ...getManufacturersMock(),
  ...getOrdersMock(),
  ...getPlansMock(),
  ...getPortfolioMock(),
  ...getPreformsMock(),
  ...getSessionMock(),
  ...getStatsMock(),
  ...getStockMock(),
  ...getSupplyMock(),
  ...getEventsMock(),
  ...getWebhooksMock(),
  // The admin's failed notification e-mails, shown on the invoices page; the inbox's own calls stay unmocked (the bell's tests serve them).
  getNotificationsGetFailedMailsMockHandler(),
  getNotificationsRetryMailMockHandler(),
  http.all('*/api/*', ({ request }) =>
    HttpResponse.json(
      { type: 'about:blank', title: 'Not Implemented', status: 501, detail: `No mock for ${request.method} ${new URL(request.url).pathname}` },
      { status: 501, headers: { 'Content-Type': 'application/problem+json' } },
    ),
  ),
];
