import { t } from '@lingui/core/macro';
import { formatNumber } from '../components/format';

/**
 * The message catalogue: validation codes (from the generated zod schemas in the browser, from the API's
 * problem documents on the server) mapped to the texts of part 8 of the spec. Limits are not written here:
 * they come from the contract. Messages that the spec itself says contradict their rule say the true rule.
 * Each text is read from Lingui's catalogue when it is asked for (a getter), in the language chosen then; English
 * keeps part 8's words exactly.
 */
export const MESSAGES = {
  get required() {
    return t`Field is required.`;
  },
  get notNumber() {
    return t`Field has to be a number.`;
  },
  /** Part 5's supply amount (1,000 to 10,000,000); part 8 words it '… and 1,000,000.': the true rule is said (docs/decisions.md). */
  get supplyAmount() {
    return t`Field has to be between 1,000 and 10,000,000.`;
  },
  get pickDay() {
    return t`Pick a day.`;
  },
  get pickOne() {
    return t`Pick one item.`;
  },
  get moq() {
    return t`MOQ - 1000.`;
  },
  get producedAmount() {
    return t`Field has to be between 0 and 99,999.`;
  },
  get orderNo() {
    return t`Provide order number.`;
  },
  get orderLines() {
    return t`Provide at least one production order line.`;
  },
  get weight() {
    return t`Specify weight between 1 and 200 g.`;
  },
  get leadTime() {
    return t`Specify lead time more then 0.`;
  },
  get truckQuantity() {
    return t`Specify quantity more then 0!`;
  },
  get minStock() {
    return t`Minimum stock level - 0!`;
  },
  maxQuantity: (max: number) => t`Max Quantity - ${max}.`,
  get selectPreformFirst() {
    return t`Select preform first`;
  },
  get noSuppliers() {
    return t`This preform has no suppliers set.`;
  },
  get fixFields() {
    return t`Please fix field errors.`;
  },
  /** A notification digest's zone the API does not know (its `timeZone` rule). */
  get timeZone() {
    return t`Pick a time zone, e.g. Europe/Helsinki.`;
  },
  get stockFill() {
    return t`Field has to be between -10,000,000 and 10,000,000.`;
  },
  get qtyPerBox() {
    return t`Field has to be between 1 and 99,999.`;
  },
  get wholeNumber() {
    return t`Field has to be a whole number.`;
  },
  tooLong: (max: number) => t`At most ${max} characters.`,
  get invalid() {
    return t`Field is invalid.`;
  },
  get downloadDenied() {
    return t`Browser denied file download...`;
  },
  /** The supply plan's DDMRP factors (the contract's SupplyPlanSettings). */
  get leadTimeFactor() {
    return t`Field has to be between 0.1 and 1.`;
  },
  get variabilityFactor() {
    return t`Field has to be between 0 and 1.`;
  },
  /** An API client's roles outside what its company allows (the API's `roleNotAllowed` rule). */
  get apiClientRoles() {
    return t`Pick the roles this company allows: buyer for a Buyer company, client or seller for a Converter, staff roles for the manufacturer.`;
  },
  /** An API client's public key that is no usable public JWK (the API's `invalidKey` rule, or JSON that does not parse). */
  get publicKey() {
    return t`Paste the public key as a JSON Web Key (JWK).`;
  },
  /** A forecast that cannot be loaded (part 8), followed by the reason. */
  loadFailed: (reason: string) => t`There has been an error: ${reason}`,
  /** A file larger than its part's `x-max-bytes` (the contract's limit; the API's `maxSize` rule says the same). */
  fileTooLarge: (maxBytes: number) => {
    const size = formatNumber(maxBytes / 1024 / 1024);
    return t`The file is larger than ${size} MiB.`;
  },
  /** A lot's certificate file of a type its part does not accept (the API's `type` rule). */
  get certificateType() {
    return t`A certificate is a PDF document or an image.`;
  },
  /** A webhook URL: not http(s), or its host is loopback, private or link-local (the API's `address` rule). */
  get webhookUrl() {
    return t`Enter an https URL of a host on the internet.`;
  },
} as const;

/** A validation failure in neutral terms: which field, which rule (code), and the rule's limit. */
export interface ValidationIssue {
  field: string;
  code: string;
  limit?: number;
  /** For type failures: whether a value was there at all. */
  empty?: boolean;
}

/** The catalogue's plain texts (not those that take a value), by name. */
type TextKey = { [K in keyof typeof MESSAGES]: (typeof MESSAGES)[K] extends string ? K : never }[keyof typeof MESSAGES];

/**
 * Per-field texts where the spec words a field's rule itself (e.g. every violation of the lead time reads
 * 'Specify lead time more then 0.'). Keys are field paths without the request's wrapper object; values name the text,
 * which is read in the language of the moment the message is shown.
 */
const FIELD_MESSAGES: Record<string, TextKey | Partial<Record<string, TextKey>>> = {
  defaultLeadTime: { minimum: 'leadTime', maximum: 'leadTime', multipleOf: 'leadTime', type: 'leadTime' },
  boxQtyPerTruck: { minimum: 'truckQuantity', maximum: 'truckQuantity', multipleOf: 'truckQuantity', type: 'truckQuantity' },
  weight: { minimum: 'weight', maximum: 'weight' },
  qtyPerBox: { minimum: 'qtyPerBox', maximum: 'qtyPerBox' },
  // 'at least one supplier' (part 5): an empty selection reads as a missing value.
  PreformSuppliesSelected: { minimum: 'required' },
  orderedAmount: { minimum: 'supplyAmount', maximum: 'supplyAmount', multipleOf: 'wholeNumber' },
  preformStock: { minimum: 'stockFill', maximum: 'stockFill' },
  plannedAmount: { minimum: 'moq', multipleOf: 'wholeNumber' },
  producedAmount: { minimum: 'producedAmount', maximum: 'producedAmount', multipleOf: 'producedAmount' },
  // The operator's entry of bottles produced since the last one: the same range and text (part 5).
  producedQuantity: { minimum: 'producedAmount', maximum: 'producedAmount', multipleOf: 'producedAmount' },
  currentStock: { minimum: 'minStock' },
  orderNo: { required: 'orderNo', minLength: 'orderNo', pattern: 'orderNo' },
  // A weekend 'Deliver at' (the API's `weekday` rule; the pickers offer weekdays only) asks for another day.
  // A 'Deliver at' before the earliest selectable day (the API's `earliest` rule) reads like any unpickable day.
  dueDate: { required: 'pickDay', format: 'pickDay', weekday: 'pickDay', earliest: 'pickDay' },
  deliveryDate: { required: 'pickDay', format: 'pickDay' },
  clientProductId: { required: 'pickOne' },
  // The supply plan's settings: the factors' ranges; the minimum order has the supply amount's range.
  leadTimeFactor: { minimum: 'leadTimeFactor', maximum: 'leadTimeFactor' },
  variabilityFactor: { minimum: 'variabilityFactor', maximum: 'variabilityFactor' },
  minimumOrder: { minimum: 'supplyAmount', maximum: 'supplyAmount', multipleOf: 'wholeNumber' },
  // An order without lines (part 5: 'at least one item').
  ClientProductionOrderItems: { minimum: 'orderLines', required: 'orderLines' },
  // A machine credential without machines (it reports for at least one): an empty selection is a missing value.
  machines: { minimum: 'required' },
  // An API client: roles its company allows, and a usable public key for private_key_jwt.
  roles: { minimum: 'required', roleNotAllowed: 'apiClientRoles' },
  publicKey: { invalidKey: 'publicKey' },
  // A webhook endpoint's URL: the API refuses loopback, private and link-local hosts (`address`).
  url: { pattern: 'webhookUrl', minLength: 'webhookUrl', address: 'webhookUrl' },
  // An endpoint without event types: an empty selection is a missing value.
  eventTypes: { minimum: 'required' },
  // The notification digest's zone: one the API knows (IANA).
  timeZone: { timeZone: 'timeZone' },
};

/** The text shown for one issue. */
export function messageFor(issue: ValidationIssue): string {
  const key = issue.field.split('.').filter((part) => !/^\d+$/.test(part)).pop() ?? '';
  const override = FIELD_MESSAGES[key];
  if (typeof override === 'string') return MESSAGES[override];
  const specific = override?.[issue.code];
  if (specific) return MESSAGES[specific];
  switch (issue.code) {
    case 'required':
    case 'minLength':
    case 'pattern':
      return issue.code === 'minLength' && (issue.limit ?? 1) > 1 ? MESSAGES.invalid : MESSAGES.required;
    case 'type':
      return issue.empty ? MESSAGES.required : MESSAGES.notNumber;
    case 'multipleOf':
      return MESSAGES.wholeNumber;
    case 'maxQuantity': // the API's reclassification rule: at most the product's current stock
      return MESSAGES.maxQuantity(issue.limit ?? 0);
    case 'producedMinimum': // the planner's quantity floor once something is produced (part 5)
      return PLANNER_MESSAGES.producedMinimum(issue.limit ?? 0);
    case 'maxLength':
      return MESSAGES.tooLong(issue.limit ?? 0);
    case 'format':
    case 'enum':
      return issue.empty ? MESSAGES.required : MESSAGES.invalid;
    default:
      return MESSAGES.invalid;
  }
}

/**
 * The forecast editor's texts (part 2.4). A planned quantity may be 0 (the product simply has no plan item), so
 * its range is said in full instead of an order item's 'MOQ - 1000.'; the period's days read like every date
 * field ('Pick a day.'), and a period that ends before it starts (the API's `periodOrder` rule) says so.
 */
export const PLAN_MESSAGES = {
  plannedAmount: (min: number, max: number) => {
    const [from, to] = [formatNumber(min), formatNumber(max)];
    return t`Field has to be between ${from} and ${to}.`;
  },
  get periodOrder() {
    return t`The period must not end before it starts.`;
  },
} as const;

/** The text of one forecast issue: the plan's own wording for its quantities and period, otherwise the catalogue's. */
export function planMessageFor(issue: ValidationIssue, plannedRange: { min: number; max: number }): string {
  const key = issue.field.split('.').pop() ?? '';
  if (issue.code === 'periodOrder') return PLAN_MESSAGES.periodOrder;
  if (key === 'plannedAmount' && (issue.code === 'minimum' || issue.code === 'maximum')) return PLAN_MESSAGES.plannedAmount(plannedRange.min, plannedRange.max);
  if ((key === 'periodFrom' || key === 'periodTo') && ['required', 'format', 'type'].includes(issue.code)) return MESSAGES.pickDay;
  return messageFor(issue);
}

/**
 * The seller's planner texts (part 5 'Planner new production order' and its drop rule) where part 8 has none: the
 * quantity floor when more is already produced, the purchase date as the latest 'Deliver at', and a refused drop.
 * Dates are given as lists show them (DD.MM.YYYY).
 */
export const PLANNER_MESSAGES = {
  producedMinimum: (count: number) => {
    const produced = formatNumber(count);
    return t`At least the ${produced} bottles already produced.`;
  },
  afterPurchaseDate: (purchaseDate: string) => t`Deliver at must be on or before the purchase date ${purchaseDate}.`,
  earlierDay: (itemDate: string) => t`An item can be moved only to a day on or after its date (${itemDate}).`,
  get weekendDay() {
    return t`Order items are due on weekdays: Saturday and Sunday are unavailable.`;
  },
} as const;

/**
 * The claim files' texts: a file the company's storage quota has no room left for (the API's 413 with code `quota`
 * and the quota in bytes as its limit). Nothing was stored; the person can free room or ask for more.
 */
export const UPLOAD_MESSAGES = {
  quotaFull: (quotaBytes?: number) => {
    if (!quotaBytes) return t`Your company's storage quota is full, so this file was not stored. Remove files you no longer need, or ask the manufacturer to raise the quota.`;
    const quota = formatNumber(Math.round((quotaBytes / 1024 / 1024) * 10) / 10);
    return t`Your company's storage quota (${quota} MiB) is full, so this file was not stored. Remove files you no longer need, or ask the manufacturer to raise the quota.`;
  },
} as const;
