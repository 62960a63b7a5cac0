import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db.test-utils.js';
import { as, createTestApp, post } from '../../../../tests/support/app.test-utils.js';
import { COMPANY_A, COMPANY_B, createTwoCompanies } from '../../../../tests/support/factories/companies.test-utils.js';
import { pdfText } from '../../../../tests/support/pdf.test-utils.js';
import { today } from '../../lib/clock.js';
import { composition, sustainabilityFixtures } from './sustainability.fixtures.js';

/**
 * Issue 45 through the API on PostgreSQL: a lot's composition taken on 'Added to stock' and corrected by the admin
 * (versioned, audited), a client's own lines only, the year's exports with their units, the statements, and the
 * conservation of recycled mass over any sequence of deliveries, productions, corrections and invoices.
 */
let database: TestDatabase;
let app: FastifyInstance;
let admin: string;
let operator: string;
let clientA: string;
let clientB: string;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database.db);
  await createTwoCompanies(database.db);
  admin = await as.admin();
  operator = await as.operator();
  clientA = await as.client(COMPANY_A);
  clientB = await as.client(COMPANY_B);
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const fx = sustainabilityFixtures(() => ({ app, db: database.db, admin, operator }));
const year = () => Number(today().slice(0, 4));
const compositionRow = (lotId: number) => database.db.selectFrom('lot_compositions').selectAll().where('lot_id', '=', lotId).executeTakeFirst();

describe("a lot's composition and evidence", () => {
  it("is taken on 'Added to stock' with the delivery, and refused with the whole delivery when it does not add up", async () => {
    const s = await fx.setting();
    const lotId = await fx.deliver(s, s.north, 2_000, { ...composition(30, 1.4), preConsumerPercent: 5, validFrom: '2026-01-01', validUntil: '2026-12-31' });
    expect(await compositionRow(lotId)).toMatchObject({
      post_consumer_percent: 30,
      pre_consumer_percent: 5,
      scheme: 'EuCertPlast',
      certificate_no: 'ECP-30',
      valid_until: '2026-12-31',
      recycling_process: 'RAN.EU.2022.0042',
      carbon_kg_per_kg: 1.4,
      epd_reference: 'EPD-1.4',
    });

    const refused = await fx.drop(s, s.north, 1_000, { ...composition(60), preConsumerPercent: 50, scheme: null });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.map((e: { field: string; code: string }) => [e.field, e.code])).toEqual([
      ['Order.composition.preConsumerPercent', 'maximum'],
      ['Order.composition.scheme', 'required'],
    ]);
    // Nothing of the drop stays: no second lot, no stock.
    expect(await database.db.selectFrom('lots').select('id').where('preform_id', '=', s.preformId).execute()).toHaveLength(1);
  });

  it('is recorded or corrected by the admin at the version read (409 otherwise), with the values before and after audited', async () => {
    const s = await fx.setting();
    const lotId = await fx.deliver(s, s.north, 1_000);
    const none = await post(app, '/api/admin/sustainability/lot/get', { lotId }, admin);
    expect(none.body).toMatchObject({ recorded: false, postConsumerPercent: null, carbonSource: 'default', carbonAppliedKgPerKg: 2.2, version: 0 });

    const first = await post(app, '/api/admin/sustainability/lot/save', { lotId, composition: composition(25), version: 0 }, admin);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ recorded: true, postConsumerPercent: 25, version: 1 });
    const stale = await post(app, '/api/admin/sustainability/lot/save', { lotId, composition: composition(50), version: 0 }, admin);
    expect(stale.status).toBe(409);
    const corrected = await post(app, '/api/admin/sustainability/lot/save', { lotId, composition: composition(35, 1.2), version: 1 }, admin);
    expect(corrected.body).toMatchObject({ postConsumerPercent: 35, carbonSource: 'epd', carbonAppliedKgPerKg: 1.2, epdReference: 'EPD-1.2', version: 2 });

    const epdWithoutFigure = await post(app, '/api/admin/sustainability/lot/save', { lotId, composition: { ...composition(35), epdReference: 'EPD-X' }, version: 2 }, admin);
    expect(epdWithoutFigure.status).toBe(400);
    expect(epdWithoutFigure.body.errors[0]).toMatchObject({ field: 'composition.carbonKgPerKg', code: 'required' });
    expect(await compositionRow(lotId)).toMatchObject({ post_consumer_percent: 35, version: 2 });

    const audited = await database.db
      .selectFrom('audit_log')
      .select(['operation', 'details'])
      .where('record_type', '=', 'lot_composition')
      .where('record_id', '=', String(lotId))
      .orderBy('id')
      .execute();
    expect(audited).toEqual([
      { operation: 'saveLotComposition', details: { before: null, after: expect.objectContaining({ post_consumer_percent: 25 }) } },
      { operation: 'saveLotComposition', details: { before: expect.objectContaining({ postConsumerPercent: 25 }), after: expect.objectContaining({ post_consumer_percent: 35 }) } },
    ]);
    expect((await post(app, '/api/admin/sustainability/lot/get', { lotId: 999_999 }, admin)).status).toBe(404);
  });
});

describe('a delivered line and the customer year', () => {
  it("shows a client its own line and answers another company's item as missing", async () => {
    const s = await fx.setting();
    await fx.deliver(s, s.north, 1_000, composition(40));
    const itemId = await fx.itemIn(s, s.north, COMPANY_A);
    await fx.produce(itemId, 400);
    const before = await post(app, '/api/client/sustainability/item/get', { id: itemId }, clientA);
    expect(before.body).toMatchObject({ delivered: false, invoices: [] });
    await fx.invoice(itemId, `INV-OWN-${itemId}`);
    const mine = await post(app, '/api/client/sustainability/item/get', { id: itemId }, clientA);
    expect(mine.body).toMatchObject({ delivered: true, figures: { preformMassKg: 11.2, recycledMassKg: 4.48, recycledSharePercent: 40 } });
    expect(mine.body.invoices).toEqual([{ id: expect.any(Number), invoiceNumber: `INV-OWN-${itemId}`, deliveryDate: today() }]);
    const theirs = await post(app, '/api/client/sustainability/item/get', { id: itemId }, clientB);
    expect(theirs.status).toBe(404);
  });

  it('exports the year as CSV and JSON with the units named, and the statements as PDF', async () => {
    const s = await fx.setting();
    await fx.deliver(s, s.north, 1_000, composition(30));
    const itemId = await fx.itemIn(s, s.north, COMPANY_A);
    await fx.produce(itemId, 1_000);
    const invoiceId = await fx.invoice(itemId, `INV-PDF-${itemId}`);
    const download = (url: string, body: unknown, token = clientA) => app.inject({ method: 'POST', url, payload: body as object, headers: { authorization: `Bearer ${token}` } });

    const csv = await download('/api/client/sustainability/year/csv', { year: year() });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain(`recycled-content-${year()}.csv`);
    const [header, ...rows] = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(header).toContain('Preform mass (kg);Recycled mass (kg)');
    expect(header).toContain('Carbon, cradle to gate (kg CO2e)');
    expect(rows.at(-1)).toMatch(new RegExp(`^year;${year()};`));

    const json = await download('/api/client/sustainability/year/json', { year: year() });
    expect(json.statusCode).toBe(200);
    const parsed = JSON.parse(json.body);
    expect(parsed.units).toMatchObject({ preformMassKg: 'kg', recycledSharePercent: '% of preform mass', carbonKgCo2e: 'kg CO2e (cradle to gate)' });
    expect(parsed.total.recycledMassKg).toBeGreaterThanOrEqual(8.4);

    const invoicePdf = await download('/api/client/sustainability/invoice/statement', { id: invoiceId });
    expect(invoicePdf.statusCode).toBe(200);
    const text = await pdfText(invoicePdf.rawPayload);
    expect(text).toContain('Recycled content and carbon statement');
    expect(text).toContain(`INV-PDF-${itemId}`);
    expect(text).toContain('ECP-30');
    expect(text).toContain('Physical attribution by lot');
    expect((await download('/api/client/sustainability/invoice/statement', { id: invoiceId }, clientB)).statusCode).toBe(404);

    const yearPdf = await download('/api/client/sustainability/year/statement', { year: year() });
    expect(yearPdf.statusCode).toBe(200);
    expect(await pdfText(yearPdf.rawPayload)).toContain(`Year ${year()}`);
  });

  it("speaks the customer's language, or the one the download asks for, in its texts and numbers", async () => {
    const s = await fx.setting();
    await fx.deliver(s, s.north, 1_000, composition(30));
    const itemId = await fx.itemIn(s, s.north, COMPANY_A);
    await fx.produce(itemId, 1_000);
    const invoiceId = await fx.invoice(itemId, `INV-LV-${itemId}`);
    const statement = async (url: string, body: unknown) =>
      pdfText((await app.inject({ method: 'POST', url, payload: body as object, headers: { authorization: `Bearer ${clientA}` } })).rawPayload);

    // 1,000 preforms of 28 g at 30 %: 8.4 kg recycled of 28 kg, a share of 30.00 %, written the Latvian way.
    const latvian = await statement('/api/client/sustainability/year/statement?language=lv', { year: year() });
    expect(latvian).toContain('Paziņojums par pārstrādāto saturu un oglekli');
    expect(latvian).toContain('Pārstrādātā masa (kg)');
    expect(latvian).toContain('30,00');
    expect(latvian).toContain('8,4');
    expect(latvian).not.toContain('Recycled content and carbon statement');
    expect(latvian).not.toContain('30.00');

    // Without a language, the company's own.
    await database.db.updateTable('companies').set({ language: 'sv' }).where('id', '=', COMPANY_A).execute();
    try {
      const swedish = await statement('/api/client/sustainability/invoice/statement', { id: invoiceId });
      expect(swedish).toContain('Intyg om återvunnet innehåll och koldioxid');
      expect(swedish).toContain(`Faktura INV-LV-${itemId}`);
    } finally {
      await database.db.updateTable('companies').set({ language: 'en' }).where('id', '=', COMPANY_A).execute();
    }
  });
});

describe('conservation of recycled mass', () => {
  it('states the later lines of a lot whose records say it gave more than it delivered with what is left, the rest unknown', async () => {
    const s = await fx.setting();
    const lotId = await fx.deliver(s, s.north, 1_000, composition(50));
    const first = await fx.itemIn(s, s.north, COMPANY_A);
    const second = await fx.itemIn(s, s.north, COMPANY_A);
    await fx.produce(first, 800);
    await fx.produce(second, 200);
    // An imported history says the second line took 500 more from the lot: 1,500 of a lot of 1,000.
    const entry = await database.db.selectFrom('produced_entries').select('id').where('order_item_id', '=', second).executeTakeFirstOrThrow();
    await database.db
      .insertInto('lot_consumptions')
      .values({ produced_entry_id: entry.id, order_item_id: second, lot_id: lotId, preform_id: s.preformId, warehouse_id: s.north, preforms: 500, bottles: 500, origin: 'migration', subject: 'import' })
      .execute();
    await fx.invoice(first, `INV-OVER-${first}`, '2026-11-30');
    await fx.invoice(second, `INV-OVER-${second}`);
    const early = await post(app, '/api/client/sustainability/item/get', { id: first }, clientA);
    expect(early.body.figures).toMatchObject({ preformMassKg: 22.4, recycledMassKg: 11.2, unknownMassKg: 0 });
    // 700 preforms recorded, 200 left in the lot: those carry its 50 %, the other 500 are unknown.
    const late = await post(app, '/api/client/sustainability/item/get', { id: second }, clientA);
    expect(late.body.figures).toMatchObject({ preforms: 700, preformMassKg: 19.6, recycledMassKg: 2.8, unknownMassKg: 14 });
  });


  type Step =
    | { kind: 'deliver'; warehouse: 0 | 1; amount: number; percent: number }
    | { kind: 'produce'; line: number; bottles: number }
    | { kind: 'correctComposition'; lot: number; percent: number }
    | { kind: 'correctRecord'; line: number; lot: number; preforms: number }
    | { kind: 'invoice'; line: number };
  const step: fc.Arbitrary<Step> = fc.oneof(
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('deliver' as const), warehouse: fc.constantFrom(0 as const, 1 as const), amount: fc.integer({ min: 1_000, max: 3_000 }), percent: fc.integer({ min: 0, max: 100 }) }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('produce' as const), line: fc.nat(2), bottles: fc.integer({ min: 1, max: 4_000 }) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('correctComposition' as const), lot: fc.nat(5), percent: fc.integer({ min: 0, max: 100 }) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('correctRecord' as const), line: fc.nat(2), lot: fc.nat(5), preforms: fc.integer({ min: 1, max: 4_000 }) }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('invoice' as const), line: fc.nat(2) }) },
  );


  it('whatever the sequence of deliveries, productions, corrections and invoices, declared recycled mass never exceeds received', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 14 }), async (steps) => {
        run += 1;
        const s = await fx.setting();
        const warehouses = [s.north, s.south];
        const lines = [await fx.itemIn(s, s.north, COMPANY_A), await fx.itemIn(s, s.north, COMPANY_B), await fx.itemIn(s, s.south, COMPANY_A)];
        const lots: number[] = [];
        const produced = [0, 0, 0];
        // An invoiced item is locked: production stops there, as the portal refuses it.
        const invoiced = new Set<number>();
        for (const [index, next] of steps.entries()) {
          if (next.kind === 'deliver') lots.push(await fx.deliver(s, warehouses[next.warehouse]!, next.amount, composition(next.percent)));
          if (next.kind === 'produce' && !invoiced.has(next.line)) {
            produced[next.line] = produced[next.line]! + next.bottles;
            await fx.produce(lines[next.line]!, produced[next.line]!);
          }
          if (next.kind === 'correctComposition' && lots.length > 0) {
            const lotId = lots[next.lot % lots.length]!;
            const read = await post(app, '/api/admin/sustainability/lot/get', { lotId }, admin);
            expect((await post(app, '/api/admin/sustainability/lot/save', { lotId, composition: composition(next.percent), version: read.body.version }, admin)).status).toBe(200);
          }
          if (next.kind === 'correctRecord' && lots.length > 0) {
            // The admin moves a record's preforms onto a lot; the API refuses what does not fit, and the rule must hold either way.
            const entry = await database.db.selectFrom('produced_entries').select('id').where('order_item_id', '=', lines[next.line]!).orderBy('id', 'desc').executeTakeFirst();
            if (entry) await post(app, '/api/admin/lots/production/save', { producedEntryId: entry.id, lots: [{ lotId: lots[next.lot % lots.length]!, preforms: next.preforms }] }, admin);
          }
          if (next.kind === 'invoice' && !invoiced.has(next.line)) {
            invoiced.add(next.line);
            await fx.invoice(lines[next.line]!, `INV-P-${run}-${index}`);
          }
        }
        // Per lot: the recycled mass its invoiced lines are stated with never exceeds what it delivered.
        const declaredOfLot = new Map<number, number>();
        const owners = [clientA, clientB, clientA];
        for (const [line, itemId] of lines.entries()) {
          const footprint = await post(app, '/api/client/sustainability/item/get', { id: itemId }, owners[line]);
          if (!footprint.body.delivered) continue;
          for (const lot of footprint.body.lots) declaredOfLot.set(lot.id, (declaredOfLot.get(lot.id) ?? 0) + (lot.recycledMassKg ?? 0));
        }
        for (const lotId of lots) {
          const lot = (await post(app, '/api/admin/sustainability/lot/get', { lotId }, admin)).body;
          const received = (lot.quantity * lot.weightG * (lot.postConsumerPercent + lot.preConsumerPercent)) / 100_000;
          expect(declaredOfLot.get(lotId) ?? 0).toBeLessThanOrEqual(received + 1e-9);
        }
        const balance = await post(app, '/api/admin/sustainability/balance/get', {}, admin);
        const received = balance.body.rows.reduce((sum: number, row: { receivedRecycledKg: number }) => sum + row.receivedRecycledKg, 0);
        const declared = balance.body.rows.reduce((sum: number, row: { declaredRecycledKg: number }) => sum + row.declaredRecycledKg, 0);
        expect(declared).toBeLessThanOrEqual(received + 1e-9);
        for (const row of balance.body.rows) expect(row.cumulativeHeadroomKg).toBeGreaterThanOrEqual(0);
        // What the customers are told adds up to no more than the plant declares.
        const customers = await post(app, '/api/admin/sustainability/customers/get', { year: year() }, admin);
        const told = customers.body.rows.reduce((sum: number, row: { total: { recycledMassKg: number } }) => sum + row.total.recycledMassKg, 0);
        const declaredThisYear = balance.body.rows.find((row: { year: number }) => row.year === year())?.declaredRecycledKg ?? 0;
        expect(told).toBeLessThanOrEqual(declaredThisYear + 1e-9);
      }),
      { seed: 4545, numRuns: 15 },
    );
  });
});
