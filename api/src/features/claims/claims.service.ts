import type { Db } from '../../db/database.js';
import { recordEvent } from '../events/events.service.js';
import type { Actor } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import type { PaginationInput } from '../../lib/pagination.js';
import { conflict, fieldProblem, forbidden, notFound, problemTexts, ruleViolation } from '../../lib/problem.js';
import type { Scope } from '../../lib/scope.js';
import type { Schemas } from '../../lib/contract.js';
import { CLAIM_OBJECT, deleteUploadsOf, lockAttachable, setAttachments } from './uploads.repository.js';
import { claimReportPdf } from './claims.pdf.js';
import type { Language } from '../../lib/i18n.js';
import { documentTranslator } from '../session/session.service.js';
import { containmentEntries } from './claims.containment.js';
import { traceSource } from './claims.trace.js';
import * as repository from './claims.repository.js';
import { EIGHT_D_PROBLEM, EIGHT_D_TEXTS, type ClaimValues, type StoredClaim } from './claims.repository.js';
import type { StoredEightD } from '../../db/tables/claims.js';
import { now } from '../../lib/clock.js';

/** The admin's claim input; the client face sends the same without `clientId`. */
export type ClaimInput = Schemas['AdminClaimInput'];

/** A claim another company filed is read-only for the company whose product it names (the seller). */
/** The claims' refusals, in the catalogues. */
const TEXTS = {
  stale: /*i18n*/ { id: 'problem.claims.stale', message: 'This claim was changed by someone else meanwhile. Reload it and apply your change again.' },
  closed: /*i18n*/ { id: 'problem.claims.closed', message: 'This claim is closed; a closed claim cannot be changed.' },
  gpField: /*i18n*/ { id: 'problem.claims.gpField', message: 'Filled by the GP: client users cannot change it.' },
};

const notFiler = () => forbidden(/*i18n*/ { id: 'problem.claims.notFiler', message: 'This claim was filed by another company about your product: you can read and print it, but only that company changes it.' });

/**
 * Which face saves: the admin (the GP) writes every field of any company's claim; a client-face user (client,
 * buyer) writes the customer-side fields of the company's own claims.
 */
export type ClaimFace = 'admin' | 'client';

/** The fields filled by the GP (the manufacturer), by wire name. */
export const GP_FIELDS = ['immediateAction', 'rootCouse', 'correctiveActions'] as const;
type GpField = (typeof GP_FIELDS)[number];

/** Free text as stored: trimmed, blank is null. */
const text = (value: string | null | undefined) => (value == null || !value.trim() ? null : value.trim());

/**
 * A searched claims list counts at most this many claims (the contract's ClaimPage): 50 pages of 20, 20 of 50, 10 of
 * 100 — more than a person pages through before narrowing the search — while a text every claim holds stops reading
 * after 1,001 texts instead of counting all of them.
 */
export const CLAIMS_COUNT_BOUND = 1000;

/** The claims list of the scope ('Non-Conformance Reports'); a searched count stops at CLAIMS_COUNT_BOUND. */
export function getClaims(db: Db, scope: Scope, request: { pagination: PaginationInput; filter?: string }) {
  return repository.findClaims(db, scope, request, CLAIMS_COUNT_BOUND);
}

/** One claim of the scope; another company's claim answers 404 like a missing one. */
export async function getClaim(db: Db, scope: Scope, id: number) {
  const claim = await repository.findClaim(db, scope, id);
  if (!claim) throw notFound('Claim');
  return claim;
}

/**
 * Creates or updates a claim (part 4): a new claim starts as `new` and cannot start in another status; an existing
 * one may take any of the three statuses, and once closed every field is locked (409). The product and the order
 * must be the claim's company's (for a client: the caller's, otherwise 404) and the order one of the product's.
 * Client-face callers cannot write the GP fields: sending values that differ from the stored ones is refused with
 * 403 naming the fields, so nothing is silently dropped. `Uploads` becomes the claim's attachment list: only the
 * company's unattached uploads or this claim's own can be named (others 404). Audited; nothing is written on failure.
 */
export async function saveClaim(db: Db, actor: Actor, scope: Scope, face: ClaimFace, input: ClaimInput) {
  return db.transaction().execute(async (trx) => {
    let stored: StoredClaim | undefined;
    if (input.id !== undefined) {
      stored = await repository.lockClaim(trx, scope, input.id);
      if (!stored) throw notFound('Claim');
      if (scope.kind === 'company' && stored.companyId !== scope.companyId) throw notFiler();
      if (stored.status === 'closed') throw conflict(TEXTS.closed);
      if (input.version === undefined) throw ruleViolation('Claim.version', 'required', problemTexts.versionRequired);
      if (face === 'admin' && input.clientId !== undefined && input.clientId !== stored.companyId) {
        throw ruleViolation('Claim.clientId', 'company', /*i18n*/ { id: 'problem.claims.companyFixed', message: "A claim's company cannot change." });
      }
    } else if (input.status !== undefined && input.status !== 'new') {
      throw ruleViolation('Claim.status', 'newClaimStatus', /*i18n*/ { id: 'problem.claims.newStatus', message: 'A new claim starts as new; its status can be changed once it is saved.' });
    }
    if (face === 'admin' && !stored && input.clientId !== undefined && !(await repository.companyExists(trx, input.clientId))) {
      throw notFound('Client');
    }

    // The claim's company: the filer (a client: the caller's; the admin: the chosen client, else the product's).
    const chosen = (scope.kind === 'company' ? scope.companyId : undefined) ?? stored?.companyId ?? (face === 'admin' ? input.clientId : undefined);
    const product = await repository.findProductFor(trx, chosen ?? '', input.clientProductId);
    if (!product) throw notFound('Client product');
    const companyId = chosen ?? product.company_id;
    const keepsProduct = stored?.clientProductId === input.clientProductId;
    const orderable = chosen === undefined || product.orderable || keepsProduct;
    if (!orderable) {
      // A client does not learn of products it cannot order; the admin is told which rule it broke.
      if (scope.kind === 'company') throw notFound('Client product');
      throw ruleViolation('Claim.clientProductId', 'company', /*i18n*/ { id: 'problem.claims.productCompany', message: "The product must be one the claim's company can order (its own or a seller's assigned to it)." });
    }
    const order = await repository.findOrderForProduct(trx, input.clientProductionOrderId, input.clientProductId);
    if (!order || (scope.kind === 'company' && order.company_id !== scope.companyId)) throw notFound('Production order');
    if (order.company_id !== companyId || !order.hasProduct) {
      throw ruleViolation('Claim.clientProductionOrderId', 'productOrder', /*i18n*/ { id: 'problem.claims.productOrder', message: "The order must be one of the claim's company's orders holding the product." });
    }

    const gp = gpValues(face, stored, input);
    const eightD = eightDValues(face, stored, input);
    const values: ClaimValues = {
      status: stored ? (input.status ?? stored.status) : 'new',
      clientProductId: input.clientProductId,
      clientProductionOrderId: input.clientProductionOrderId,
      amount: input.amount,
      deliveryDate: input.deliveryDate,
      description: input.description.trim(),
      ...gp,
      eightD,
    };

    let id: number;
    if (stored) {
      id = stored.id;
      if (!(await repository.updateClaim(trx, id, input.version as number, values))) {
        throw conflict(TEXTS.stale);
      }
    } else {
      id = await repository.insertClaim(trx, companyId, actor.sub, values);
    }

    let removed: number[] = [];
    if (input.Uploads !== undefined || !stored) {
      const uploadIds = [...new Set((input.Uploads ?? []).map((upload) => upload.id))];
      const attachable = await lockAttachable(trx, companyId, CLAIM_OBJECT, stored ? id : null, uploadIds);
      if (attachable.length !== uploadIds.length) throw notFound('Upload');
      removed = await setAttachments(trx, CLAIM_OBJECT, id, uploadIds);
    }

    await audit(trx, actor, {
      operation: 'saveClaim',
      recordType: 'claim',
      recordId: id,
      details: { ...values, companyId, uploads: input.Uploads?.map((upload) => upload.id) ?? null, removedUploads: removed, created: !stored },
    });
    if (!stored) {
      await recordEvent(trx, actor, { type: 'claim.created', companyId, recordType: 'claim', recordId: id, data: { status: values.status, clientProductId: values.clientProductId, orderId: values.clientProductionOrderId } });
    } else if (stored.status !== values.status) {
      await recordEvent(trx, actor, { type: 'claim.status_changed', companyId, recordType: 'claim', recordId: id, data: { from: stored.status, to: values.status } });
    }
    return (await repository.findClaim(trx, scope, id)) as repository.Claim;
  });
}

/**
 * The GP fields to store. The admin writes them (a field left out keeps its value). A client-face caller keeps the
 * stored ones; if it sends a value that differs (after trimming; blank equals empty) the save is refused with 403.
 */
function gpValues(face: ClaimFace, stored: StoredClaim | undefined, input: ClaimInput): Pick<ClaimValues, GpField> {
  const current = (field: GpField) => stored?.[field] ?? null;
  if (face === 'admin') {
    const pick = (field: GpField) => (input[field] === undefined ? current(field) : text(input[field]));
    return { immediateAction: pick('immediateAction'), rootCouse: pick('rootCouse'), correctiveActions: pick('correctiveActions') };
  }
  const refused = GP_FIELDS.filter((field) => input[field] !== undefined && text(input[field]) !== current(field)).map((field) =>
    fieldProblem(`Claim.${field}`, 'gpField', TEXTS.gpField),
  );
  if (refused.length) {
    throw forbidden(/*i18n*/ { id: 'problem.claims.gpFields', message: 'Client users cannot write the fields filled by the GP ({fields}).' }, { fields: refused.map((refusal) => refusal.field).join(', ') }, refused);
  }
  return { immediateAction: current('immediateAction'), rootCouse: current('rootCouse'), correctiveActions: current('correctiveActions') };
}

/** One 8D text as it would be stored: `[path on the wire, stored value, sent value]` (sent: undefined when left out). */
type EightDField = [field: string, current: string | null, sent: string | null | undefined];

/** Every 8D text of the stored report beside the one sent, D2's questions by their nested path. */
function eightDFields(stored: StoredEightD, input: ClaimInput['eightD']): EightDField[] {
  return [
    ...EIGHT_D_TEXTS.map((key): EightDField => [`Claim.eightD.${key}`, stored[key] ?? null, input?.[key]]),
    ...EIGHT_D_PROBLEM.map((key): EightDField => [`Claim.eightD.problem.${key}`, stored.problem?.[key] ?? null, input?.problem?.[key]]),
  ];
}

/**
 * The 8D report to store, by the GP fields' rule: the admin writes it (a discipline or 5W2H answer left out keeps its
 * value; null or blank clears it); a client-face caller keeps the stored one and is refused (403 naming the fields) when
 * it sends a value that differs.
 */
function eightDValues(face: ClaimFace, stored: StoredClaim | undefined, input: ClaimInput): StoredEightD {
  const current = stored?.eightD ?? {};
  if (face === 'client') {
    const refused = eightDFields(current, input.eightD)
      .filter(([, was, sent]) => sent !== undefined && text(sent) !== was)
      .map(([field]) => fieldProblem(field, 'gpField', TEXTS.gpField));
    if (refused.length) {
      throw forbidden(/*i18n*/ { id: 'problem.claims.gpEightD', message: 'Client users cannot write the 8D report, filled by the GP ({fields}).' }, { fields: refused.map((refusal) => refusal.field).join(', ') }, refused);
    }
    return current;
  }
  const pick = (was: string | null | undefined, sent: string | null | undefined) => (sent === undefined ? (was ?? null) : text(sent));
  const next: StoredEightD = {};
  for (const key of EIGHT_D_TEXTS) {
    const value = pick(current[key], input.eightD?.[key]);
    if (value !== null) next[key] = value;
  }
  const problem: NonNullable<StoredEightD['problem']> = {};
  for (const key of EIGHT_D_PROBLEM) {
    const value = pick(current.problem?.[key], input.eightD?.problem?.[key]);
    if (value !== null) problem[key] = value;
  }
  if (Object.keys(problem).length) next.problem = problem;
  return next;
}

/**
 * Fills D3's list of the claim's 8D report from the trace of its lots (staff): the claim's backward trace gives the
 * claimed item(s) and their lots, each lot's recall answer the other items, clients and stock affected. Replaces the
 * list filled before; the claim's version moves (an editor holding the old one is refused on save). A closed claim or
 * a version changed meanwhile: 409. No item of the product in the claim's order, or no lot recorded for it: 409 saying
 * so, nothing written. Audited.
 */
export async function fillContainmentFromTrace(db: Db, actor: Actor, scope: Scope, request: { id: number; version: number }) {
  return db.transaction().execute(async (trx) => {
    const stored = await repository.lockClaim(trx, scope, request.id);
    if (!stored) throw notFound('Claim');
    if (stored.status === 'closed') throw conflict(TEXTS.closed);
    if (stored.version !== request.version) throw conflict(TEXTS.stale);
    const claim = (await repository.findClaim(trx, scope, request.id)) as repository.Claim;
    const what = { articleNo: claim.ClientProduct.articleNo, orderNo: claim.ClientProductionOrder.orderNo };
    const trace = await traceSource.traceOfClaim(trx, scope, request.id);
    if (!trace.items.length) {
      throw conflict(/*i18n*/ { id: 'problem.claims.noTraceItem', message: 'Claim {claim} names {articleNo} in order {orderNo}, but that order has no item of the product any more: there is nothing to trace, and D3 was not filled.' }, {
        claim: claim.id,
        ...what,
      });
    }
    if (!trace.lots.length) {
      throw conflict(/*i18n*/ { id: 'problem.claims.noTraceLot', message: 'No preform lot is recorded for {articleNo} in order {orderNo} (no production recorded for it, or its preforms came from stock without a lot): D3 was not filled from the trace.' }, what);
    }
    const recalls = [];
    for (const lot of trace.lots) recalls.push(await traceSource.recallOfLot(trx, lot.id));
    const filled = { at: now().toISOString(), by: actor.name, entries: containmentEntries(trace, recalls, stored.companyId) };
    if (!(await repository.updateContainmentTrace(trx, stored.id, request.version, filled))) {
      throw conflict(TEXTS.stale);
    }
    await audit(trx, actor, {
      operation: 'fillContainmentFromTrace',
      recordType: 'claim',
      recordId: stored.id,
      details: { companyId: stored.companyId, lots: trace.lots.map((lot) => lot.id), entries: filled.entries.length },
    });
    return (await repository.findClaim(trx, scope, stored.id)) as repository.Claim;
  });
}

/**
 * Deletes claims of the scope and their attachments, all or nothing: an id outside the scope answers 404. On the
 * client face a closed claim cannot be deleted (409); the admin may remove any.
 */
export async function deleteClaims(db: Db, actor: Actor, scope: Scope, face: ClaimFace, ids: number[]) {
  const unique = [...new Set(ids)];
  return db.transaction().execute(async (trx) => {
    const rows = await repository.lockClaims(trx, scope, unique);
    if (rows.length !== unique.length) throw notFound('Claim');
    if (scope.kind === 'company' && rows.some((row) => row.company_id !== scope.companyId)) throw notFiler();
    const closed = rows.find((row) => row.status === 'closed');
    if (face === 'client' && closed) throw conflict(/*i18n*/ { id: 'problem.claims.closedDelete', message: 'Claim {claim} is closed; a closed claim cannot be deleted.' }, { claim: closed.id });
    const uploads = await deleteUploadsOf(trx, CLAIM_OBJECT, unique);
    await repository.deleteClaimsById(trx, unique);
    for (const row of rows) {
      await audit(trx, actor, { operation: 'deleteClaims', recordType: 'claim', recordId: row.id, details: { companyId: row.company_id, status: row.status, uploads } });
    }
    return { ok: true as const };
  });
}

/**
 * The claim report as PDF ('Non-Conformance-{id}-report .pdf'), with the GP fields; printed by the user named
 * in `userProfile` or the caller, in `language` or else the client company's. Another company's claim answers 404.
 */
export async function downloadClaim(
  db: Db,
  actor: Actor,
  scope: Scope,
  request: { id: number; userProfile?: { fullName?: string; email?: string } },
  language: Language | undefined,
  signal?: AbortSignal,
) {
  const claim = await getClaim(db, scope, request.id);
  const printedBy = request.userProfile?.fullName?.trim() || actor.name;
  const l = await documentTranslator(db, claim.clientId, language);
  return {
    filename: `Non-Conformance-${claim.id}-report .pdf`,
    contentType: 'application/pdf',
    body: await claimReportPdf(claim, { printedBy, email: request.userProfile?.email?.trim() || actor.email }, l, signal),
  };
}

/** How many orders the 'Order Number' select offers at once; typing narrows them. */
export const CLAIM_ORDERS_LIMIT = 50;

/**
 * Orders of a product for the claim's 'Order Number' select. A client-face caller gets its own orders of a product it
 * can order (another product answers 404); the admin, without a client, the orders of the product's company.
 */
export async function getClaimOrders(db: Db, scope: Scope, request: { filter?: string; clientProductId: number }) {
  const own = scope.kind === 'company';
  const product = await repository.findProductFor(db, own ? scope.companyId : '', request.clientProductId);
  if (!product || (own && !product.orderable)) throw notFound('Client product');
  const companyId = own ? scope.companyId : product.company_id;
  return { rows: await repository.findOrdersOfProduct(db, companyId, product.id, request.filter, CLAIM_ORDERS_LIMIT) };
}

/** Admin: the orders of the client holding the product ('Order Number' when logging a claim on a client's behalf). */
export async function getClientClaimOrders(db: Db, request: { clientId: string; clientProductId: number; filter?: string }) {
  const product = await repository.findProductFor(db, request.clientId, request.clientProductId);
  if (!product) throw notFound('Client product');
  return { rows: await repository.findOrdersOfProduct(db, request.clientId, product.id, request.filter, CLAIM_ORDERS_LIMIT) };
}

/** How many products the admin's 'Bottle article number' lookup answers at once; typing narrows them. */
export const CLAIM_PRODUCTS_LIMIT = 50;

/** Admin: the products the client can order, looked up on the server ('Bottle article number'). */
export async function getClaimProducts(db: Db, request: { clientId: string; filter?: string }) {
  if (!(await repository.companyExists(db, request.clientId))) throw notFound('Client');
  return { rows: await repository.findClaimableProducts(db, request.clientId, request.filter, CLAIM_PRODUCTS_LIMIT) };
}
