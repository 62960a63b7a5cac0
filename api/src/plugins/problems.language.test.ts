import { beforeAll, describe, expect, it } from 'vitest';
import { as, tokenFor } from '../../../tests/support/app.test-utils.js';
import { useTestApp } from '../../../tests/support/test-app.test-utils.js';
import { COMPANY_A, createTwoCompanies } from '../../../tests/support/factories/companies.test-utils.js';
import { makePreform, makeProduct, makeWarehouse } from '../features/supply/supply.fixtures.js';
import { now, today } from '../lib/clock.js';
import { earliestDeliverAt } from '../features/orders/orders.rules.js';

/**
 * A refusal speaks the language of the person who caused it: their own choice, else their browser's, else their
 * company's. The detail and the field messages are the catalogue's; English reads word for word as it always has.
 */
const api = useTestApp();

const DAY_MS = 86_400_000;
const plusDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const MONDAY = plusDays(today(), -((new Date(`${today()}T00:00:00Z`).getUTCDay() + 6) % 7));
const TUESDAY = plusDays(MONDAY, 1);
const SATURDAY = plusDays(MONDAY, 5);

let product: number;
/** Client users of company A: one who chose Finnish, one who chose Latvian, one who chose nothing (company A: English). */
let finnish: string;
let latvian: string;
let english: string;
/** An admin who chose Latvian. */
let latvianAdmin: string;

const choose = async (token: string, language: 'fi' | 'lv') => expect((await api.post('Session_chooseLanguage', { language }, { token })).status).toBe(200);
const save = (Order: object, token: string) => api.post('ClientOrders_saveOrder', { Order } as never, { token });

beforeAll(async () => {
  await createTwoCompanies(api.db);
  const warehouseId = await makeWarehouse(api.db);
  const preform = await makePreform(api.db);
  product = await makeProduct(api.db, { preformId: preform.id, warehouseId, supplyId: preform.supplyIds[0], companyId: COMPANY_A, name: 'Spring Water 0.5 L' });
  finnish = await tokenFor({ sub: 'aino', roles: ['client'], companyId: COMPANY_A });
  latvian = await tokenFor({ sub: 'liga', roles: ['client'], companyId: COMPANY_A });
  english = await as.client(COMPANY_A);
  latvianAdmin = await tokenFor({ sub: 'admin-lv', roles: ['admin'] });
  await choose(finnish, 'fi');
  await choose(latvian, 'lv');
  await choose(latvianAdmin, 'lv');
});

describe('a refusal in the language of the person who caused it', () => {
  it('the weekday rule: detail and field message in Finnish for a Finnish reader, in English otherwise', async () => {
    const order = { orderNo: 'PO-weekday', ClientProductionOrderItems: [{ clientProductId: product, dueDate: SATURDAY, plannedAmount: 5000 }] };
    const inFinnish = await save(order, finnish);
    expect(inFinnish.status).toBe(400);
    expect(inFinnish.body).toMatchObject({
      detail: 'Toimituspäivän on oltava arkipäivä (maanantaista perjantaihin).',
      errors: [{ field: 'Order.ClientProductionOrderItems.0.dueDate', code: 'weekday', message: 'Toimituspäivän on oltava arkipäivä (maanantaista perjantaihin).' }],
    });
    const inEnglish = await save(order, english);
    expect(inEnglish.body).toMatchObject({
      detail: 'Deliver at must be a weekday (Monday to Friday).',
      errors: [{ field: 'Order.ClientProductionOrderItems.0.dueDate', code: 'weekday', message: 'Deliver at must be a weekday (Monday to Friday).' }],
    });
    // The catalogue's internals never leave the API.
    expect(JSON.stringify(inFinnish.body)).not.toContain('problem.orders');
  });

  it('a stale version (409): in Latvian for a Latvian reader, in English otherwise', async () => {
    const created = await save({ orderNo: 'PO-stale', ClientProductionOrderItems: [{ clientProductId: product, dueDate: TUESDAY, plannedAmount: 5000 }] }, english);
    expect(created.status).toBe(200);
    const { id, version } = created.body as { id: number; version: number };
    const input = (orderNo: string) => ({ id, version, orderNo, ClientProductionOrderItems: [] as object[] });
    const read = (created.body as { ClientProductionOrderItems: { id: number; version: number; clientProductId: number; dueDate: string; plannedAmount: number }[] })
      .ClientProductionOrderItems;
    const items = read.map(({ id: itemId, version: itemVersion, clientProductId, dueDate, plannedAmount }) => ({ id: itemId, version: itemVersion, clientProductId, dueDate, plannedAmount }));
    expect((await save({ ...input('first'), ClientProductionOrderItems: items }, english)).status).toBe(200);
    const inLatvian = await save({ ...input('second'), ClientProductionOrderItems: items }, latvian);
    expect(inLatvian.status).toBe(409);
    expect(inLatvian.body.detail).toBe('Kāds cits pa to laiku mainīja šo pasūtījumu. Ielādējiet to no jauna un veiciet izmaiņas vēlreiz.');
    const inEnglish = await save({ ...input('second'), ClientProductionOrderItems: items }, english);
    expect(inEnglish.status).toBe(409);
    expect(inEnglish.body.detail).toBe('This order was changed by someone else meanwhile. Reload it and apply your change again.');
  });

  it("a forbidden rule (only buyers confirm): in Finnish for a Finnish reader, and in the browser's Finnish for one who chose nothing", async () => {
    const order = { orderNo: 'PO-confirm', ClientProductionOrderItems: [{ clientProductId: product, dueDate: TUESDAY, plannedAmount: 5000, isBuyerConfirmed: true }] };
    const inFinnish = await save(order, finnish);
    expect(inFinnish.status).toBe(403);
    expect(inFinnish.body.detail).toBe('Vain ostajat vahvistavat tilausrivejä (Ostaja).');
    const browser = await api.app.inject({
      method: 'POST',
      url: '/api/client/orders/save',
      payload: { Order: order },
      headers: { authorization: `Bearer ${english}`, 'accept-language': 'fi-FI, en;q=0.5' },
    });
    expect(browser.statusCode).toBe(403);
    expect(browser.json().detail).toBe('Vain ostajat vahvistavat tilausrivejä (Ostaja).');
    expect((await save(order, english)).body.detail).toBe('Only buyers confirm order items (By buyer).');
  });

  it('a field rule (a webhook URL with credentials): detail and field message in Latvian for a Latvian admin, in English otherwise', async () => {
    const endpoint = { url: 'https://user:secret@erp.example.com/hooks', eventTypes: ['order.created'], enabled: true };
    const inLatvian = await api.post('Webhooks_saveEndpoint', { endpoint } as never, { token: latvianAdmin });
    expect(inLatvian.status).toBe(400);
    expect(inLatvian.body).toMatchObject({
      detail: 'URL ar lietotājvārdu vai paroli netiek pieņemts.',
      errors: [{ field: 'endpoint.url', code: 'address', message: 'URL ar lietotājvārdu vai paroli netiek pieņemts.' }],
    });
    const inEnglish = await api.post('Webhooks_saveEndpoint', { endpoint } as never, 'admin');
    expect(inEnglish.body).toMatchObject({
      detail: 'A URL with a user name or password is not accepted.',
      errors: [{ field: 'endpoint.url', code: 'address', message: 'A URL with a user name or password is not accepted.' }],
    });
  });

  it('a rule whose words carry a value (the earliest Deliver at): the date in the Finnish detail, the field in Finnish too', async () => {
    const earliest = earliestDeliverAt(now());
    const friday = plusDays(earliest, -3);
    const response = await save({ orderNo: 'PO-early', ClientProductionOrderItems: [{ clientProductId: product, dueDate: friday, plannedAmount: 5000 }] }, finnish);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      detail: `Toimituspäivän on oltava ${earliest} tai myöhemmin (viikko ennen kuluvaa viikkoa); jo tallennettu päivä saa jäädä.`,
      errors: [{ field: 'Order.ClientProductionOrderItems.0.dueDate', code: 'earliest', message: 'Valitse päivä.' }],
    });
    expect((await save({ orderNo: 'PO-early', ClientProductionOrderItems: [{ clientProductId: product, dueDate: friday, plannedAmount: 5000 }] }, english)).body).toMatchObject({
      detail: `Deliver at must be on or after ${earliest} (a week before the current week); a date already saved may stay.`,
      errors: [{ message: 'Pick a day.' }],
    });
  });
});
