/**
 * The boundary cases of every limit of parts 5 (validation rules) and 9 (business constants) of the portal spec, checked on both sides of the
 * boundary written once and run twice: against the generated zod schemas (limits.test.ts, what the forms use) and
 * against the running API (api/src/plugins/limits.test.ts, 400 before any handler runs).
 */
import { expect } from 'vitest';
import type { ZodType } from 'zod';
import { adminClaimsSaveClaimBody, clientClaimsSaveClaimBody, clientClaimsGetClaimsBody } from '../../generated/web/zod/claims/claims.zod.js';
import {
  adminClientsSaveClientDetailsBody,
  adminClientsSaveClientProductBody,
  adminClientsSaveProductPriceBody,
  adminClientsSaveProductStockBody,
  adminClientsSaveReclassificationBody,
} from '../../generated/web/zod/clients/clients.zod.js';
import {
  adminDowntimeSaveCauseBody,
  adminDowntimeSaveHistoryItemBody,
  operatorDowntimeSaveHistoryItemBody,
  operatorDowntimeGetHistoryBody,
} from '../../generated/web/zod/downtime/downtime.zod.js';
import { documentsGetInvoicesBody } from '../../generated/web/zod/invoices/invoices.zod.js';
import { manufacturersSaveManufacturerBody } from '../../generated/web/zod/manufacturers/manufacturers.zod.js';
import {
  clientOrdersSaveOrderBody,
  clientPlannerSavePlannerItemBody,
  operatorAgendaAddProducedEntryBody,
  operatorAgendaSaveProducedAmountBody,
} from '../../generated/web/zod/orders/orders.zod.js';
import { adminPreformsSavePreformBody } from '../../generated/web/zod/preforms/preforms.zod.js';
import { clientPlansSavePlanBody } from '../../generated/web/zod/plans/plans.zod.js';
import { adminPreformStockFillPreformStockBody, operatorStockFillOperatorPreformStockBody } from '../../generated/web/zod/stock/stock.zod.js';
import { clientStatsGetFillRateBody, clientStatsGetFillRateResponse } from '../../generated/web/zod/stats/stats.zod.js';
import { adminSupplySaveSupplyOrderBody } from '../../generated/web/zod/supply/supply.zod.js';
import { document } from './openapi.js';

export const schemas = (document as unknown as { components: { schemas: Record<string, { properties: unknown }> } }).components.schemas;

export const clientId = '7d2f6c1e-4b3a-4e8f-9a51-2c0d8e6b1f40';

/** A copy of `value` with the field at `path` (dot-separated) replaced, or removed when `replacement` is `undefined`. */
export function withField(value: unknown, path: string, replacement: unknown): unknown {
  const copy = structuredClone(value) as Record<string, unknown>;
  const keys = path.split('.');
  let node = copy as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  const last = keys[keys.length - 1];
  if (replacement === undefined) delete node[last];
  else node[last] = replacement;
  return copy;
}

export const accepts = (schema: ZodType, value: unknown) => schema.safeParse(value).success;


/** How a case is checked: against zod, or against the API. */
export interface LimitTester {
  describe(name: string, body: () => void): void;
  it(name: string, body: () => Promise<void>): void;
  /** Every `ok` value accepted, every `bad` value refused, the rest of `valid` unchanged. */
  field(schema: ZodType, valid: unknown, path: string, ok: unknown[], bad: unknown[]): Promise<void>;
  /** Each listed field is required. */
  required(schema: ZodType, valid: unknown, paths: string[]): Promise<void>;
}

/** Every limit of parts 5 and 9. */
export function limitCases(t: LimitTester): void {
  t.describe('supply order (part 5, part 9: supply amount 1,000 to 10,000,000)', () => {
    const valid = { Order: { orderedAmount: 250000, dueDate: '2026-03-16', preformId: 3, preformWarehouseId: 1, preformSupplyId: 7 } };

    t.it("orderedAmount 'between 1,000 and 10,000,000', numeric integer", async () => {
      await t.field(adminSupplySaveSupplyOrderBody, valid, 'Order.orderedAmount', [1000, 10_000_000], [999, 10_000_001, 1500.5, '5000', 0, -1000]);
    });

    t.it("'Preform, warehouse, supplier required'; 'dueDate required (Pick a day.)'; orderedAmount required", async () => {
      await t.required(adminSupplySaveSupplyOrderBody, valid, ['Order.preformId', 'Order.preformWarehouseId', 'Order.preformSupplyId', 'Order.dueDate', 'Order.orderedAmount']);
    });

    t.it('dueDate is a YYYY-MM-DD date', async () => {
      await t.field(adminSupplySaveSupplyOrderBody, valid, 'Order.dueDate', ['2026-12-31'], ['16.03.2026', '03.16.2026', '2026-13-01', '']);
    });

    t.it('orderStatus is pending, ordered or delivered (new cards start as pending)', async () => {
      await t.field(adminSupplySaveSupplyOrderBody, valid, 'Order.orderStatus', ['pending', 'ordered', 'delivered'], ['cancelled', 'Pending', '']);
      const parsed = adminSupplySaveSupplyOrderBody.parse(valid);
      expect(parsed.Order.orderStatus).toBe('pending');
    });
  });

  t.describe('preform (part 5, part 9)', () => {
    const valid = { preform: { preformName: 'PET 28g PCO1810 Clear', weight: 28, qtyPerBox: 1250, PreformSuppliesSelected: [1], neck: 'PCO1810', material: 'PET', color: 'Clear' } };
    const schema = adminPreformsSavePreformBody;

    t.it("weight 'required, decimal, 1 to 200' ('Specify weight between 1 and 200 g.')", async () => {
      await t.field(schema, valid, 'preform.weight', [1, 200, 28.5, 1.01], [0.99, 200.01, 0, -5, '28']);
      await t.required(schema, valid, ['preform.weight']);
    });

    t.it("qtyPerBox 'required, 1 to 99,999'", async () => {
      await t.field(schema, valid, 'preform.qtyPerBox', [1, 99_999], [0, 100_000, 999_999]);
      await t.required(schema, valid, ['preform.qtyPerBox']);
    });

    t.it("'Name required' and trimmed: empty or blank names refused", async () => {
      await t.field(schema, valid, 'preform.preformName', ['X', 'a'.repeat(120)], ['', '   ', 'a'.repeat(121)]);
      await t.required(schema, valid, ['preform.preformName']);
    });

    t.it("'at least one supplier'", async () => {
      await t.field(schema, valid, 'preform.PreformSuppliesSelected', [[1], [1, 2]], [[], [0]]);
      await t.required(schema, valid, ['preform.PreformSuppliesSelected']);
    });

    t.it("neck options 'PCO1810, 38mm 3-start, 38-400'", async () => {
      await t.field(schema, valid, 'preform.neck', ['PCO1810', '38mm 3-start', '38-400'], ['PCO1881', '38mm', '']);
    });

    t.it("'material required'; materials 'PET, PP, RPET'", async () => {
      await t.field(schema, valid, 'preform.material', ['PET', 'PP', 'RPET'], ['HDPE', 'pet', '']);
    });

    t.it("colours 'Clear, Clear/FR, Red, White, Yellow, Black, Green'", async () => {
      await t.field(schema, valid, 'preform.color', ['Clear', 'Clear/FR', 'Red', 'White', 'Yellow', 'Black', 'Green'], ['Blue', 'clear', '']);
    });

    t.it("'material required'; neck and colour too (the dialog's defaults PET, Clear, PCO1810 are not wire defaults)", async () => {
      const input = schemas.PreformInput.properties as Record<string, { default?: unknown }>;
      expect([input.material.default, input.color.default, input.neck.default]).toEqual([undefined, undefined, undefined]);
      await t.required(schema, valid, ['preform.material', 'preform.color', 'preform.neck']);
    });
  });

  t.describe('manufacturer (part 5)', () => {
    const valid = { manufacturer: { manufacturerName: 'Retal Baltic Films', defaultLeadTime: 14, boxQtyPerTruck: 26 } };
    const schema = manufacturersSaveManufacturerBody;

    t.it("defaultLeadTime 'required integer >= 0' ('Specify lead time more then 0.')", async () => {
      await t.field(schema, valid, 'manufacturer.defaultLeadTime', [0, 14], [-1, 1.5]);
    });

    t.it("boxQtyPerTruck 'required integer >= 1' ('Specify quantity more then 0!')", async () => {
      await t.field(schema, valid, 'manufacturer.boxQtyPerTruck', [1, 26], [0, -1, 2.5]);
    });

    t.it("'Name required'; all three fields required", async () => {
      await t.field(schema, valid, 'manufacturer.manufacturerName', ['R'], ['', '  ']);
      await t.required(schema, valid, ['manufacturer.manufacturerName', 'manufacturer.defaultLeadTime', 'manufacturer.boxQtyPerTruck']);
    });
  });

  t.describe("fill warehouse or operator preform stock (part 5: 'between -10,000,000 and 10,000,000 inclusive'; part 9: fill method 'increase')", () => {
    const valid = { preformId: 3, preformWarehouseId: 1, preformStock: 60000 };

    for (const [face, schema] of [['admin', adminPreformStockFillPreformStockBody], ['operator', operatorStockFillOperatorPreformStockBody]] as const) {
      t.it(`${face}: preformStock 'required, decimal, between -10,000,000 and 10,000,000 inclusive'`, async () => {
        await t.field(schema, valid, 'preformStock', [10_000_000, -10_000_000, 0, 1250.5, -1200], [10_000_001, -10_000_001, '60000', null]);
        await t.required(schema, valid, ['preformStock', 'preformId', 'preformWarehouseId']);
      });

      t.it(`${face}: method is 'increase' (default) or 'set'`, async () => {
        await t.field(schema, valid, 'method', ['increase', 'set'], ['decrease', '']);
        expect(schema.parse(valid).method).toBe('increase');
      });
    }
  });

  t.describe('client product (part 5)', () => {
    const valid = { product: { clientId, machineNames: 'FB-04,FB-07', productName: 'Spring Water 0.5 L', articleNo: 'NS-0500', preformId: 3, preformWarehouseId: 1, defaultSupplyId: 7 } };
    const schema = adminClientsSaveClientProductBody;

    t.it("'productName, articleNo, machineNames (multi), preform, warehouse, default supplier required'", async () => {
      await t.required(schema, valid, ['product.productName', 'product.articleNo', 'product.machineNames', 'product.preformId', 'product.preformWarehouseId', 'product.defaultSupplyId', 'product.clientId']);
      await t.field(schema, valid, 'product.productName', ['S'], ['', ' ']);
      await t.field(schema, valid, 'product.articleNo', ['N'], ['', ' ']);
      await t.field(schema, valid, 'product.machineNames', ['FB-04'], ['', ' ']);
    });

    t.it("scrapRate 'sent divided by 100' (a fraction 0..1), '0 if empty'", async () => {
      await t.field(schema, valid, 'product.scrapRate', [0, 0.0125, 1], [-0.01, 1.01, 12.5]);
      // orval drops a falsy default from zod; the contract states it for the API.
      expect((schemas.ClientProductInput.properties as Record<string, { default?: unknown }>).scrapRate.default).toBe(0);
    });

    t.it("'the two scrap amounts numeric' (whole preforms, not negative)", async () => {
      await t.field(schema, valid, 'product.preformScrapStart', [0, 300], [-1, 2.5, '300']);
      await t.field(schema, valid, 'product.preformScrapChangeOver', [0, 150], [-1, 2.5, '150']);
    });
  });

  t.describe('client details (part 5, part 9)', () => {
    const valid = { info: { clientId, billingCompany: 'Nordic Springs AB', billingAddress: 'Källvägen 12', billingCity: 'Jönköping', billingCountry: 'Sweden', billingEmail: 'invoices@nordicsprings.se', currency: 'SEK' } };
    const schema = adminClientsSaveClientDetailsBody;

    t.it("'Required: company, address, city, country, billing email, currency; others optional'", async () => {
      await t.required(schema, valid, ['info.billingCompany', 'info.billingAddress', 'info.billingCity', 'info.billingCountry', 'info.billingEmail', 'info.currency']);
      for (const path of ['info.billingCompany', 'info.billingAddress', 'info.billingCity', 'info.billingCountry']) await t.field(schema, valid, path, ['X'], ['', '   ']);
    });

    t.it('billing email is an e-mail address', async () => {
      await t.field(schema, valid, 'info.billingEmail', ['a@b.se'], ['invoices', 'a@', '']);
    });

    t.it("'Currencies EUR and SEK'", async () => {
      await t.field(schema, valid, 'info.currency', ['EUR', 'SEK'], ['USD', 'eur', '']);
    });

    t.it('shift_start / shift_end are 24 h times (HH:mm)', async () => {
      await t.field(schema, valid, 'info.shift_start', ['00:00', '06:30', '23:59', null], ['24:00', '6:30', '12:60', '06:30:00']);
      await t.field(schema, valid, 'info.shift_end', ['22:00'], ['25:00']);
    });
  });

  t.describe('price (part 5)', () => {
    const valid = { price: { unitPrice: 61.4, validFrom: '2026-04-01', validTo: '2026-04-30', clientProductId: 21, clientId } };
    const schema = adminClientsSaveProductPriceBody;

    t.it("unitPrice 'required, decimal' and above 0 (at least one cent)", async () => {
      await t.field(schema, valid, 'price.unitPrice', [0.01, 61.4, 63.255], [0, -1, 0.009, '61.4']);
      await t.required(schema, valid, ['price.unitPrice', 'price.validFrom', 'price.validTo']);
    });
  });

  t.describe('reclassification (part 5)', () => {
    const valid = { oldClientProductId: 21, newClientProdcuctId: 22, quantity: 5000 };
    const schema = adminClientsSaveReclassificationBody;

    t.it("'New product required; quantity required' (wire name newClientProdcuctId)", async () => {
      await t.required(schema, valid, ['newClientProdcuctId', 'quantity', 'oldClientProductId']);
      expect(accepts(schema, { ...withField(valid, 'newClientProdcuctId', undefined) as object, newClientProductId: 22 })).toBe(false);
    });

    t.it('quantity above 0 (whole bottles; the upper bound is the current stock, checked by the API)', async () => {
      await t.field(schema, valid, 'quantity', [1, 5000], [0, -1, 0.5]);
    });
  });

  t.describe("product stock adjust (part 5: 'Not below 0')", () => {
    t.it("currentStock 0 accepted, -1 refused ('Minimum stock level - 0!')", async () => {
      await t.field(adminClientsSaveProductStockBody, { stock: { id: 301, currentStock: 100 } }, 'stock.currentStock', [0, 83500], [-1, 0.5]);
    });
  });

  t.describe('downtime cause and history (part 5)', () => {
    t.it("'causeName and causeDescription required, trimmed'", async () => {
      const valid = { cause: { causeName: 'Mould change', causeDescription: 'Planned change of the blow mould.' } };
      await t.required(adminDowntimeSaveCauseBody, valid, ['cause.causeName', 'cause.causeDescription']);
      await t.field(adminDowntimeSaveCauseBody, valid, 'cause.causeName', ['M'], ['', '  ', 'a'.repeat(121)]);
      await t.field(adminDowntimeSaveCauseBody, valid, 'cause.causeDescription', ['P'], ['', '\t', 'a'.repeat(4001)]);
    });

    t.it("history cause edit: 'A cause is required'", async () => {
      const valid = { historyItem: { id: 501, causeId: 4 } };
      for (const schema of [adminDowntimeSaveHistoryItemBody, operatorDowntimeSaveHistoryItemBody]) {
        await t.required(schema, valid, ['historyItem.causeId']);
        await t.field(schema, valid, 'historyItem.causeId', [1], [null, 0]);
      }
    });
  });

  t.describe('order and order item (part 5, part 9: minimum order quantity 1000)', () => {
    const valid = { Order: { orderNo: 'PO-24-0121', ClientProductionOrderItems: [{ clientProductId: 22, dueDate: '2026-04-13', plannedAmount: 60000 }] } };
    const schema = clientOrdersSaveOrderBody;

    t.it("'orderNo required' ('Provide order number.')", async () => {
      await t.required(schema, valid, ['Order.orderNo']);
      await t.field(schema, valid, 'Order.orderNo', ['P'], ['', '  ']);
    });

    t.it("'at least one item' ('Provide at least one production order line.')", async () => {
      await t.field(schema, valid, 'Order.ClientProductionOrderItems', [valid.Order.ClientProductionOrderItems], [[]]);
    });

    t.it("item plannedAmount 'required, at least 1000' ('MOQ - 1000.'), numeric", async () => {
      await t.field(schema, valid, 'Order.ClientProductionOrderItems.0.plannedAmount', [1000, 60000], [999, 0, 1000.5, '1000']);
    });

    t.it("item 'dueDate required (Pick a day.)'; 'a product must be selected (Pick one item.)'", async () => {
      await t.required(schema, valid, ['Order.ClientProductionOrderItems.0.dueDate', 'Order.ClientProductionOrderItems.0.clientProductId', 'Order.ClientProductionOrderItems.0.plannedAmount']);
    });

    t.it("'closed' is 0 or 1", async () => {
      await t.field(schema, valid, 'Order.closed', [0, 1], [2, true, '1']);
    });
  });

  t.describe('planner new production order (part 5)', () => {
    const valid = { item: { id: 102, refProductionOrder: { orderNo: 'PO-24-0130' }, refProductionOrderItem: { dueDate: '2026-03-17', plannedAmount: 40000 } } };
    const schema = clientPlannerSavePlannerItemBody;

    t.it("'orderNo required'", async () => {
      await t.field(schema, valid, 'item.refProductionOrder.orderNo', ['P'], ['', ' ']);
      await t.required(schema, valid, ['item.refProductionOrder.orderNo']);
    });

    // 'at least 1000 (or the already produced amount if greater than 0)': the produced amount may be below 1000, so the
    // wire takes any positive whole number and the API decides the floor (api/src/features/planner/planner.rules.ts).
    t.it("'quantity required' (a positive whole number; the API's rule sets the floor); 'due date required'", async () => {
      await t.field(schema, valid, 'item.refProductionOrderItem.plannedAmount', [1, 600, 1000], [0, -1, 1000.5]);
      await t.required(schema, valid, ['item.refProductionOrderItem.plannedAmount', 'item.refProductionOrderItem.dueDate']);
    });
  });

  t.describe('claim (part 5, part 3)', () => {
    const valid = { Claim: { clientProductId: 21, clientProductionOrderId: 12, amount: 2400, deliveryDate: '2026-03-11', description: 'Cracked necks.' } };

    for (const [face, schema] of [['admin', adminClaimsSaveClaimBody], ['client', clientClaimsSaveClaimBody]] as const) {
      t.it(`${face}: 'ClientProduct, ClientProductionOrder, deliveryDate, description, amount all required'`, async () => {
        await t.required(schema, valid, ['Claim.clientProductId', 'Claim.clientProductionOrderId', 'Claim.deliveryDate', 'Claim.description', 'Claim.amount']);
        await t.field(schema, valid, 'Claim.description', ['C'], ['', '  ', 'a'.repeat(4001)]);
      });

      t.it(`${face}: rejected quantity (amount) is a whole number of at least 1`, async () => {
        await t.field(schema, valid, 'Claim.amount', [1, 2400], [0, -3, 2.5]);
      });

      t.it(`${face}: status 'new, under investigation, closed'; new claims start as new; wire name rootCouse`, async () => {
        await t.field(schema, valid, 'Claim.status', ['new', 'under investigation', 'closed'], ['open', 'under_investigation', '']);
        expect(schema.parse(valid).Claim.status).toBe('new');
        expect(schema.parse(withField(valid, 'Claim.rootCouse', 'Worn insert')).Claim.rootCouse).toBe('Worn insert');
      });
    }
  });

  t.describe("operator produced amount (part 5: 'Required, numeric, 0 to 99999')", () => {
    t.it('producedAmount 0 and 99,999 accepted; -1, 100,000 and decimals refused', async () => {
      await t.field(operatorAgendaSaveProducedAmountBody, { item: { id: 88, producedAmount: 52000 } }, 'item.producedAmount', [0, 99_999], [-1, 100_000, 10.5, '5']);
      await t.required(operatorAgendaSaveProducedAmountBody, { item: { id: 88, producedAmount: 52000 } }, ['item.producedAmount']);
    });

    t.it('an entry since the last one: producedQuantity 0 and 99,999 accepted; -1, 100,000 and decimals refused; the version read required', async () => {
      const valid = { item: { id: 88, producedQuantity: 4000, version: 6 } };
      await t.field(operatorAgendaAddProducedEntryBody, valid, 'item.producedQuantity', [0, 99_999], [-1, 100_000, 10.5, '5']);
      await t.required(operatorAgendaAddProducedEntryBody, valid, ['item.producedQuantity', 'item.version']);
    });
  });

  t.describe('forecast (part 3: plan item clientProductId, plannedAmount)', () => {
    t.it('plannedAmount is a whole number of 0 or more (0 = no plan item)', async () => {
      const valid = { Plan: { periodFrom: '2026-03-02', periodTo: '2026-03-29', ClientProductionPlanItems: [{ clientProductId: 21, plannedAmount: 150000 }] } };
      await t.field(clientPlansSavePlanBody, valid, 'Plan.ClientProductionPlanItems.0.plannedAmount', [0, 150000], [-1, 0.5]);
      await t.required(clientPlansSavePlanBody, valid, ['Plan.periodFrom', 'Plan.periodTo']);
    });
  });

  t.describe('part 9 constants', () => {
    t.it("page sizes '10/20/50/100'", async () => {
      const valid = { pagination: { page: 1, rowsPerPage: 20 } };
      for (const schema of [documentsGetInvoicesBody, clientClaimsGetClaimsBody]) await t.field(schema, valid, 'pagination.rowsPerPage', [10, 20, 50, 100], [5, 25, 200, 0]);
      await t.field(documentsGetInvoicesBody, valid, 'pagination.page', [1], [0, 1.5]);
    });

    t.it('downtime history period is a YYYY-MM-DD date range', async () => {
      const valid = { pagination: { page: 1, rowsPerPage: 10 }, period: { from: '2026-03-01', to: '2026-03-31' } };
      await t.field(operatorDowntimeGetHistoryBody, valid, 'period.from', ['2026-03-01'], ['03/01/2026', '2026-3-1']);
      await t.required(operatorDowntimeGetHistoryBody, valid, ['period', 'period.to']);
    });

    t.it("fill-rate month picker 'YYYY-MM'", async () => {
      await t.field(clientStatsGetFillRateBody, { month: '2026-03' }, 'month', ['2026-01', '2026-12'], ['2026-13', '2026-3', '03.2026', '2026-03-01']);
    });

    t.it("'Fill-rate scale: -2 none, -1 Bad, 0 Medium, 1 Good'", async () => {
      const valid = { series: [{ name: 'NS-0500 - Spring Water 0.5 L', clientProductId: 21, data: [-2, -1, 0, 1] }], categories: ['2026-03-09'], details: [] };
      await t.field(clientStatsGetFillRateResponse, valid, 'series.0.data', [[-2], [1]], [[2], [-3], [0.5]]);
    });

    t.it("'Upload types .jpg, images and .pdf, several files allowed' (one multipart 'file' part per request)", async () => {
      const body = (document.paths['/api/client/uploads/save'].post as { requestBody: { content: Record<string, { schema: { properties: { file: { type: string } } }; encoding: { file: { contentType: string } } }> } }).requestBody.content['multipart/form-data'];
      expect(body.schema.properties.file.type).toBe('string');
      expect(body.encoding.file.contentType).toBe('image/*, application/pdf');
      expect((document.paths['/api/client/uploads/save'].post as { description: string }).description).toMatch(/10 MiB/);
    });
  });
}
