import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db.test-utils.js';
import { as, createTestApp, post } from '../../../../tests/support/app.test-utils.js';
import { COMPANY_A, createTwoCompanies } from '../../../../tests/support/factories/companies.test-utils.js';
import { today } from '../../lib/clock.js';
import { composition, sustainabilityFixtures } from './sustainability.fixtures.js';

/**
 * The worked example of docs/sustainability.md, computed by hand there and here through the API, on a database of
 * its own (the plant's balance counts every lot): two lots of 40 % and 0 % rPET feeding one line partly, another
 * line fully unlotted; the line's shares, the customer-month figures and the plant balance.
 */
let database: TestDatabase;
let app: FastifyInstance;
let admin: string;
let operator: string;
let client: string;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database.db);
  await createTwoCompanies(database.db);
  admin = await as.admin();
  operator = await as.operator();
  client = await as.client(COMPANY_A);
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const fx = sustainabilityFixtures(() => ({ app, db: database.db, admin, operator }));

describe('the worked example', () => {
  it('states the lines, the customer-month and the plant balance as computed by hand', async () => {
    const s = await fx.setting();
    // Lot A: 1,000 preforms of 28 g, 40 % post-consumer rPET, 1.6 kg CO2e/kg from its EPD, entered on 'Added to stock'.
    const lotA = await fx.deliver(s, s.north, 1_000, composition(40, 1.6));
    // Lot B: 1,000 preforms, virgin PET, its composition recorded afterwards by the admin (no EPD: the PET default, 2.2).
    const lotB = await fx.deliver(s, s.north, 1_000);
    const savedB = await post(app, '/api/admin/sustainability/lot/save', { lotId: lotB, composition: composition(0), version: 0 }, admin);
    expect(savedB.status, JSON.stringify(savedB.body)).toBe(200);

    // Line 1 takes lot A, then lot B, then 500 preforms no lot covers; line 2 is made in a warehouse with no lots.
    const line1 = await fx.itemIn(s, s.north, COMPANY_A);
    const line2 = await fx.itemIn(s, s.south, COMPANY_A);
    await fx.produce(line1, 2_500);
    await fx.produce(line2, 1_000);
    await fx.invoice(line1, 'INV-EX-1');
    await fx.invoice(line2, 'INV-EX-2');

    const first = await post(app, '/api/client/sustainability/item/get', { id: line1 }, client);
    expect(first.status).toBe(200);
    expect(first.body.delivered).toBe(true);
    expect(first.body.figures).toEqual({
      preforms: 2_500,
      preformMassKg: 70, // 2,500 × 28 g
      recycledMassKg: 11.2, // 1,000 × 28 g × 40 %
      postConsumerMassKg: 11.2,
      unknownMassKg: 14, // 500 × 28 g, no lot
      recycledSharePercent: 16, // 11.2 / 70
      postConsumerSharePercent: 16,
      unknownSharePercent: 20, // 14 / 70
      carbonKgCo2e: 106.4, // 28 kg × 1.6 + 28 kg × 2.2
    });
    expect(first.body.unlottedPreforms).toBe(500);
    expect(first.body.lots.map((lot: { id: number; preforms: number; recycledMassKg: number; carbonKgCo2e: number; carbonSource: string }) => [lot.id, lot.preforms, lot.recycledMassKg, lot.carbonKgCo2e, lot.carbonSource])).toEqual([
      [lotA, 1_000, 11.2, 44.8, 'epd'],
      [lotB, 1_000, 0, 61.6, 'default'],
    ]);

    const second = await post(app, '/api/client/sustainability/item/get', { id: line2 }, client);
    expect(second.body.figures).toMatchObject({ preformMassKg: 28, recycledMassKg: 0, unknownMassKg: 28, recycledSharePercent: 0, unknownSharePercent: 100, carbonKgCo2e: 0 });
    expect(second.body.lots).toEqual([]);

    const year = Number(today().slice(0, 4));
    const month = await post(app, '/api/client/sustainability/year/get', { year }, client);
    expect(month.status).toBe(200);
    expect(month.body.months).toEqual([
      expect.objectContaining({
        key: today().slice(0, 7),
        preformMassKg: 98, // 70 + 28
        recycledMassKg: 11.2,
        unknownMassKg: 42, // 14 + 28
        recycledSharePercent: 11.42, // 11.2 / 98 = 11.428…, rounded down
        unknownSharePercent: 42.85, // 42 / 98 = 42.857…
        carbonKgCo2e: 106.4,
        meets25: false,
        meets30: false,
      }),
    ]);
    expect(month.body.total).toMatchObject({ preformMassKg: 98, recycledMassKg: 11.2 });

    const balance = await post(app, '/api/admin/sustainability/balance/get', {}, admin);
    expect(balance.body.rows).toEqual([
      { year, receivedRecycledKg: 11.2, receivedPostConsumerKg: 11.2, declaredRecycledKg: 11.2, declaredPostConsumerKg: 11.2, cumulativeHeadroomKg: 0 },
    ]);
  });
});
