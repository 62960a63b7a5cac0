import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { createTestDatabase, type TestDatabase } from "./db.test-utils.js";
import {
  PEOPLE,
  tenancyCallers,
  useTenancyCallers,
  type TenancyCallers,
} from "./tenancy-callers.test-utils.js";
import { resolve, type Schema } from "./contract-bodies.test-utils.js";
import {
  callOperation,
  CLIENT_FACES,
  contractCalls,
  type ContractCall,
} from "./contract-calls.test-utils.js";
import {
  COMPANY_A,
  COMPANY_B,
  createCompany,
  createTwoCompanies,
} from "./factories/companies.test-utils.js";
import type { Role } from "../../api/src/lib/roles.js";
import { tableDigests } from "./tables.test-utils.js";
import {
  makeClaim,
  makeUpload,
} from "../../api/src/features/claims/claims.fixtures.js";
import { makeInvoice } from "../../api/src/features/invoices/invoices.fixtures.js";
import {
  makeOrderItem,
  makePreform,
  makeProduct,
  makeProductionOrder,
  makeWarehouse,
} from "../../api/src/features/supply/supply.fixtures.js";
import { nowMs } from "../../api/src/lib/clock.js";

/**
 * Tenant isolation, generated from the contract: every client-face operation that takes an id (in its path or its
 * body) is called by company B with company A's id in that place. "Another company's record is not found": B gets
 * exactly what it gets for an id that does not exist (same status, same problem), nothing changes in the database,
 * and B's lists still show none of A's rows. A new client-face operation is probed without being named here; one
 * whose id this file cannot place fails until it learns how (see `kindOf`).
 */
let database: TestDatabase;
let app: FastifyInstance;
let shared: { preformId: number; warehouseId: number; supplyId: number };
let recordsOfA: Records;
/** Every name A's rows carry, so a list that shows one of them to B gives itself away. */
const MARKER = "TENANT-A-ONLY";
/** A company of B's kind that only reads: its lists are taken before A has rows, and again after. */
const LIST_READER = "company-b-reader";
const listsBeforeA = new Map<string, unknown>();
/** An id no record has (within int32, as the contract's ids are). */
const MISSING = 2_000_000_000;

type Kind =
  | "product"
  | "order"
  | "orderItem"
  | "claim"
  | "upload"
  | "plan"
  | "invoice"
  | "webhook"
  | "webhookDelivery"
  | "notification"
  | "lot";
type Records = Record<Kind, number>;
const tableOf: Record<Kind, string> = {
  product: "client_products",
  order: "client_production_orders",
  orderItem: "client_production_order_items",
  claim: "claims",
  upload: "uploads",
  plan: "client_production_plans",
  invoice: "invoices",
  webhook: "webhook_endpoints",
  webhookDelivery: "webhook_deliveries",
  notification: "notifications",
  lot: "lots",
};

/** One record of every kind for a company, dated inside the periods of the contract's examples (March 2026). */
async function makeRecords(companyId: string, name: string): Promise<Records> {
  const db = database.db;
  const product = await makeProduct(db, {
    ...shared,
    companyId,
    name: `${name} product`,
  });
  const order = await makeProductionOrder(db, {
    companyId,
    orderNo: `${name}-PO`,
  });
  const orderItem = await makeOrderItem(db, {
    orderId: order,
    productId: product,
    planned: 10_000,
    produced: 5_000,
    dueDate: "2026-03-15",
  });
  const claim = await makeClaim(db, {
    companyId,
    productId: product,
    orderId: order,
    description: `${name} claim`,
  });
  const upload = await makeUpload(db, companyId, {
    claimId: claim,
    filename: `${name}.jpg`,
  });
  const plan = (
    await db
      .insertInto("client_production_plans")
      .values({
        company_id: companyId,
        period_from: "2026-03-02",
        period_to: "2026-03-29",
      })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
  await db
    .insertInto("client_production_plan_items")
    .values({
      plan_id: plan,
      client_product_id: product,
      planned_amount: 160_000,
    })
    .execute();
  const invoice = await makeInvoice(db, {
    companyId,
    invoiceNumber: `${name}-INV-${order}`,
    orderId: order,
  });
  // A machine of the company named after it (the machine lists name machines, not records).
  await sql`update companies set fbs = array_append(fbs, ${`${name} FB`}) where id = ${companyId} and not (${`${name} FB`} = any(fbs))`.execute(
    db,
  );
  // The company's webhook endpoint and a delivery of an event of its order (named, so a list that leaks it shows).
  const webhook = (
    await db
      .insertInto("webhook_endpoints")
      .values({
        company_id: companyId,
        url: `https://hooks.example.com/${encodeURIComponent(name)}`,
        event_types: ["order.created"],
        secret: "whsec_AAAA",
        created_by: name,
      })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
  const event = await db
    .insertInto("events")
    .values({
      type: "order.created",
      occurred_at: new Date(nowMs()),
      company_id: companyId,
      record_type: "order",
      record_id: String(order),
      actor_kind: "system",
      actor_id: name,
      data: JSON.stringify({ orderNo: `${name}-PO` }),
    })
    .returning("sequence")
    .executeTakeFirstOrThrow();
  const webhookDelivery = (
    await db
      .insertInto("webhook_deliveries")
      .values({
        endpoint_id: webhook,
        event_sequence: event.sequence,
        record_key: `order:${order}`,
      })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
  // A notification of the company's client user about its order (a person's own rows: 404 for anyone else).
  const notification = (
    await db
      .insertInto("notifications")
      .values({
        user_id: `client-${companyId}`,
        company_id: companyId,
        kind: "order_item.confirmed",
        record_type: "order",
        record_id: String(order),
        order_id: order,
        label: `${name}-PO`,
        fold_key: `order:${order}`,
        actor_kind: "system",
        actor_id: name,
        data: JSON.stringify({}),
        first_sequence: event.sequence,
        last_sequence: event.sequence,
        first_at: new Date(nowMs()),
        occurred_at: new Date(nowMs()),
      })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
  const lot = await makeUsedLot(orderItem, name);
  return {
    lot,
    notification,
    product,
    order,
    orderItem,
    claim,
    upload,
    plan,
    invoice,
    webhook,
    webhookDelivery,
  };
}

/** A lot delivered to the shared preform's warehouse, 100 of its preforms taken by the item, with a certificate file. */
async function makeUsedLot(orderItem: number, name: string): Promise<number> {
  const db = database.db;
  const supplyOrder = await db
    .insertInto("supply_orders")
    .values({
      order_status: "delivered",
      ordered_amount: 1_000,
      due_date: "2026-03-01",
      preform_id: shared.preformId,
      preform_warehouse_id: shared.warehouseId,
      preform_supply_id: shared.supplyId,
      stock: true,
      delivered_at: new Date("2026-03-02T10:00:00Z"),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const lot = (
    await sql<{ id: number }>`
      insert into lots (supply_order_id, preform_id, warehouse_id, preform_supply_id, manufacturer_id, delivery_date, received_at, quantity, consumed)
      select ${supplyOrder.id}, ${shared.preformId}, ${shared.warehouseId}, ps.id, ps.manufacturer_id, '2026-03-02', '2026-03-02T00:00:00Z', 1000, 100
        from preform_supplies ps where ps.id = ${shared.supplyId}
      returning id`.execute(db)
  ).rows[0]!.id;
  await db
    .insertInto("lot_consumptions")
    .values({
      produced_entry_id: 0,
      order_item_id: orderItem,
      lot_id: lot,
      preform_id: shared.preformId,
      warehouse_id: shared.warehouseId,
      preforms: 100,
      bottles: 100,
      origin: "fifo",
      subject: name,
    })
    .execute();
  const content = Buffer.from(`%PDF-1.4\n% ${name}\n%%EOF\n`);
  await db
    .insertInto("lot_certificates")
    .values({ lot_id: lot, original_filename: "certificate.pdf", mimetype: "application/pdf", size: content.length, sha256: "test", content, storage_key: null, created_by: name })
    .execute();
  return lot;
}

async function versionOf(kind: Kind, id: number): Promise<number | undefined> {
  if (kind === "upload" || kind === "webhookDelivery" || kind === "notification" || kind === "lot") return undefined;
  const row = await sql<{
    version: number;
  }>`select version from ${sql.table(tableOf[kind])} where id = ${id}`.execute(
    database.db,
  );
  return row.rows[0]?.version;
}

/** Where an id goes: a path parameter, or a path in the JSON body (array positions as numbers). */
interface IdPlace {
  at: "path" | "body";
  path: (string | number)[];
  /** an array of ids (`claimIds`) rather than one */
  many: boolean;
  /** the object holding the id has a `version` (optimistic locking) */
  versioned: boolean;
}

const ID_FIELD = /^id$|Id$|Ids$/;

/** The id fields of an operation: its path parameters and every id property of its body schema. */
function idPlaces(call: ContractCall): IdPlace[] {
  const places: IdPlace[] = call.pathParams.map((name) => ({
    at: "path",
    path: [name],
    many: false,
    versioned: false,
  }));
  const walk = (
    schema: Schema | undefined,
    path: (string | number)[],
    depth: number,
  ) => {
    const resolved = schema && resolve(schema);
    if (!resolved || depth > 6) return;
    if (resolved.items) return walk(resolved.items, [...path, 0], depth + 1);
    for (const [key, property] of Object.entries(resolved.properties ?? {})) {
      if (ID_FIELD.test(key)) {
        places.push({
          at: "body",
          path: [...path, key],
          many: resolve(property).type === "array",
          versioned: key === "id" && "version" in (resolved.properties ?? {}),
        });
      } else walk(property, [...path, key], depth + 1);
    }
  };
  if (call.bodyType === "application/json") walk(call.bodySchema, [], 0);
  return places;
}

/** An id field's own name names its kind… */
const KIND_OF_FIELD: Record<string, Kind> = {
  claimIds: "claim",
  uploadsIds: "upload",
  orderIds: "order",
  planIds: "plan",
  clientProductId: "product",
  productId: "product",
  clientProductionOrderId: "order",
  endpointId: "webhook",
  endpointIds: "webhook",
  deliveryId: "webhookDelivery",
  notificationIds: "notification",
  // A lot one of the company's items used (lots are the plant's; a company reaches one only through its lines).
  lotId: "lot",
};
/** …an `id` is named by the object that holds it… */
const KIND_OF_HOLDER: Record<string, Kind> = {
  Claim: "claim",
  Uploads: "upload",
  Order: "order",
  ClientProductionOrderItems: "orderItem",
  item: "orderItem",
  Plan: "plan",
  endpoint: "webhook",
};
/** …and a top-level `id` by the operation's path. */
const KIND_OF_ROUTE: [RegExp, Kind][] = [
  // The client's lots of one of its order items, and of one of its claims.
  [/\/lots\/item\//, "orderItem"],
  [/\/lots\/claim\//, "claim"],
  // The recycled content of one of the client's order items.
  [/\/sustainability\/item\//, "orderItem"],
  [/\/claims\//, "claim"],
  [/\/uploads\//, "upload"],
  [/\/orders\//, "order"],
  [/\/plans?\//, "plan"],
  [/\/(invoice|declaration)\//, "invoice"],
  [/\/webhooks?\//, "webhook"],
];

function kindOf(
  call: ContractCall,
  place: IdPlace,
  example: Record<string, unknown>,
): Kind {
  const field = String(place.path.at(-1));
  const holder = place.path
    .slice(0, -1)
    .filter((segment) => typeof segment === "string")
    .at(-1);
  let kind: Kind | undefined = KIND_OF_FIELD[field];
  if (field === "objectId" && example.objectType === "ClientProductionClaims")
    kind = "claim";
  if (field === "id")
    kind =
      holder === undefined
        ? KIND_OF_ROUTE.find(([route]) => route.test(call.path))?.[1]
        : KIND_OF_HOLDER[holder];
  if (!kind) {
    throw new Error(
      `${call.operationId} takes an id at ${place.at} ${place.path.join(".")} and the tenancy matrix does not know which record ` +
        `it names: teach kindOf() in tests/support/tenancy-matrix.test-utils.ts, so company B is probed with company A's record there.`,
    );
  }
  return kind;
}

/** Sets `value` at `path`, creating what is missing; an array on the way keeps only its first entry (the probed one). */
function setAt(
  target: Record<string, unknown>,
  path: (string | number)[],
  value: unknown,
) {
  let current: Record<string | number, unknown> = target;
  path.slice(0, -1).forEach((segment, index) => {
    if (current[segment] === undefined || current[segment] === null)
      current[segment] = typeof path[index + 1] === "number" ? [] : {};
    const next = current[segment];
    if (Array.isArray(next) && next.length > 1) next.length = 1;
    current = next as Record<string | number, unknown>;
  });
  current[path.at(-1)!] = value;
  return current;
}

interface Probe {
  call: ContractCall;
  face: Role;
  places: { place: IdPlace; kind: Kind }[];
}

/** The client-face operations (x-roles names a client face), each called by the first client face it allows. */
const clientFace = contractCalls()
  .filter((call) => call.roles.some((role) => CLIENT_FACES.includes(role)))
  .map((call) => ({
    call,
    face: CLIENT_FACES.find((role) => call.roles.includes(role))!,
  }));

const probes: Probe[] = clientFace.map(({ call, face }) => ({
  call,
  face,
  places: idPlaces(call).map((place) => ({
    place,
    kind: kindOf(call, place, call.example()),
  })),
}));
const withIds = probes.filter((probe) => probe.places.length > 0);
/** What B reads without naming an id: where A's rows would show if they leaked. */
const lists = probes.filter(
  (probe) => probe.places.length === 0 && probe.call.read,
);

/** People's tokens, or another file's callers (API clients): tests/support/tenancy-callers.test-utils.ts. */
const tokenOf = (face: Role, companyId: string) =>
  tenancyCallers().tokenOf(face, companyId);

/** The first weekday four weeks or more from today, YYYY-MM-DD: a weekend 'Deliver at' would be refused before the id is looked up. */
const inFourWeeks = () => {
  const date = new Date(nowMs() + 28 * 86_400_000);
  while (date.getUTCDay() === 0 || date.getUTCDay() === 6)
    date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
};

/**
 * The examples are dated March and April 2026, and a new 'Deliver at' before the week before the current one is
 * refused (400) before any id is looked up, as is a weekend; so every past `dueDate` of the example moves to a weekday
 * four weeks ahead, and the probe reaches the ids on any day it runs.
 */
function futureDueDates<T>(value: T): T {
  if (Array.isArray(value)) return value.map(futureDueDates) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        key === "dueDate" && typeof inner === "string" && inner < inFourWeeks()
          ? inFourWeeks()
          : futureDueDates(inner),
      ]),
    ) as T;
  }
  return value;
}

/**
 * The request with B's own record in every id place, then `ids[index]` in the probed place. An object given a
 * record's id is given its current version too, so a save is refused for the id, not for a stale version.
 */
async function requestFor(
  probe: Probe,
  own: Records,
  probed: number,
  value: number,
) {
  const body = futureDueDates(probe.call.example());
  const params: Record<string, string> = {};
  for (const [index, { place, kind }] of probe.places.entries()) {
    const id = index === probed ? value : own[kind];
    if (place.at === "path") {
      params[place.path[0] as string] = String(id);
      continue;
    }
    const holder = setAt(body, place.path, place.many ? [id] : id);
    if (place.versioned) holder.version = (await versionOf(kind, id)) ?? 0;
  }
  return { body, params };
}

/** Everything the database holds, one digest per table: equal before and after means the call changed nothing. */
const databaseDigest = () => tableDigests(database.db);

/** What a caller can observe of an answer: status and body (the problem's `instance` echoes the URL; the id is masked). */
function observed(
  response: Awaited<ReturnType<typeof callOperation>>,
  id: number,
) {
  const mask = (value: unknown): unknown => {
    if (value === id) return "<id>";
    if (typeof value === "string")
      return value.replace(new RegExp(`\\b${id}\\b`, "g"), "<id>");
    if (Array.isArray(value)) return value.map(mask);
    if (value && typeof value === "object")
      return Object.fromEntries(
        Object.entries(value)
          .filter(([key]) => key !== "instance")
          .map(([key, inner]) => [key, mask(inner)]),
      );
    return value;
  };
  return {
    status: response.status,
    body: mask(response.json ?? { bytes: response.text }),
  };
}

async function listsOfB() {
  const leaks: string[] = [];
  for (const { call, face } of lists) {
    const response = await callOperation(app, call, {
      token: await tokenOf(face, COMPANY_B),
      role: face,
    });
    if (response.text.includes(MARKER))
      leaks.push(`${call.operationId}: ${response.text.slice(0, 300)}`);
  }
  return leaks;
}

/**
 * Defines the matrix in the calling test file, with `callers` (people by default) as company B's callers. A function, not
 * a module's top level: test files share a worker's modules, and a module's tests are collected only where it is first
 * imported.
 */
/** Lists of a person's own rows, by the kind of row they list. */
const PERSONAL_LISTS: Record<string, Kind> = { Notifications_getNotifications: "notification" };

/** Whether B's caller owns B's record of `kind`: a person's own notification is no system's. */
const ownedByCaller = (kind: Kind) => kind !== "notification" || tenancyCallers().people !== false;

export function tenancyMatrix(callers: TenancyCallers = PEOPLE): void {
  useTenancyCallers(callers);
  beforeAll(async () => {
    database = await createTestDatabase();
    app = await tenancyCallers().start(database.db);
    await createTwoCompanies(database.db);
    const preform = await makePreform(database.db);
    shared = {
      preformId: preform.id,
      warehouseId: await makeWarehouse(database.db),
      supplyId: preform.supplyIds[0]!,
    };
    await createCompany(database.db, LIST_READER);
    for (const { call, face } of lists) {
      const response = await callOperation(app, call, {
        token: await tokenOf(face, LIST_READER),
        role: face,
      });
      listsBeforeA.set(call.operationId, response.json ?? response.text);
    }
    recordsOfA = await makeRecords(COMPANY_A, MARKER);
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  describe("the matrix covers the contract", () => {
    it("probes every client-face operation that takes an id, and reads every list", () => {
      expect(withIds.length).toBeGreaterThanOrEqual(20);
      expect(lists.length).toBeGreaterThanOrEqual(10);
      expect(
        withIds.length +
          lists.length +
          probes.filter(
            (probe) => probe.places.length === 0 && !probe.call.read,
          ).length,
      ).toBe(clientFace.length);
    });
  });

  const cases = withIds.flatMap((probe) =>
    probe.places.map(
      (entry, index) =>
        [
          `${probe.call.operationId} (${probe.face}) with A's ${entry.kind} at ${entry.place.at} ${entry.place.path.join(".")}`,
          probe,
          index,
        ] as const,
    ),
  );

  describe(`company B (${tenancyCallers().label}) calling with company A's ids`, () => {
    it.each(cases)(
      "%s: answers as for a missing record and changes nothing",
      async (_label, probe, index) => {
        const { kind } = probe.places[index]!;
        const ownRecords = await makeRecords(COMPANY_B, "Company B");
        const token = await tokenOf(probe.face, COMPANY_B);
        const send = async (value: number) => {
          const request = await requestFor(probe, ownRecords, index, value);
          return callOperation(app, probe.call, {
            token,
            role: probe.face,
            ...request,
          });
        };

        const before = await databaseDigest();
        const foreign = await send(recordsOfA[kind]);
        expect(
          await databaseDigest(),
          `B's call with A's ${kind} changed the database`,
        ).toEqual(before);
        const missing = await send(MISSING);
        expect(
          observed(foreign, recordsOfA[kind]),
          `A's ${kind} must look missing to B`,
        ).toEqual(observed(missing, MISSING));
        expect(await listsOfB(), "B's lists show A's rows").toEqual([]);

        // The probe can tell: with B's own record in the same place the answer differs from "missing".
        if (!ownedByCaller(kind)) return;
        const own = await send(ownRecords[kind]);
        expect(
          observed(own, ownRecords[kind]),
          `with B's own ${kind} the call must not answer as for a missing one (the probe cannot tell): ${own.status} ${own.text.slice(0, 400)}`,
        ).not.toEqual(observed(missing, MISSING));
      },
    );
  });

  describe("B's lists never show A's rows", () => {
    it.each(lists.map((probe) => [probe.call.operationId, probe] as const))(
      "%s: no row of A by name, and the same answer as before A had any rows",
      async (_label, { call, face }) => {
        const ofB = await callOperation(app, call, {
          token: await tokenOf(face, LIST_READER),
          role: face,
        });
        expect(ofB.status).toBe(200);
        expect(ofB.text).not.toContain(MARKER);
        expect(ofB.json ?? ofB.text).toEqual(
          listsBeforeA.get(call.operationId),
        );
      },
    );

    it("the lists that name rows show A's rows to A (so the check above can fail)", async () => {
      const showing: string[] = [];
      const named = lists.filter(({ call }) => ownedByCaller(PERSONAL_LISTS[call.operationId] ?? "order"));
      for (const { call, face } of named) {
        const ofA = await callOperation(app, call, {
          token: await tokenOf(face, COMPANY_A),
          role: face,
        });
        if (ofA.text.includes(MARKER)) showing.push(call.operationId);
      }
      // The others (the caller's machine status, "who am I", the forecast list without names, the caller's own e-mail
      // choices, the recycled content of a year: A's item here has no production record to state) show no names.
      expect(showing.length).toBeGreaterThanOrEqual(named.length - 5);
    });
  });
}
