/**
 * The message catalogue: validation codes (from the generated zod schemas in the browser, from the API's
 * problem documents on the server) mapped to the texts of part 8 of the spec. Limits are not written here:
 * they come from the contract. Messages that the spec itself says contradict their rule say the true rule.
 */
export const MESSAGES = {
  required: 'Field is required.',
  notNumber: 'Field has to be a number.',
  /** Part 5's supply amount (1,000 to 10,000,000); part 8 words it '… and 1,000,000.': the true rule is said (docs/decisions.md). */
  supplyAmount: 'Field has to be between 1,000 and 10,000,000.',
  pickDay: 'Pick a day.',
  pickOne: 'Pick one item.',
  moq: 'MOQ - 1000.',
  producedAmount: 'Field has to be between 0 and 99,999.',
  orderNo: 'Provide order number.',
  orderLines: 'Provide at least one production order line.',
  weight: 'Specify weight between 1 and 200 g.',
  leadTime: 'Specify lead time more then 0.',
  truckQuantity: 'Specify quantity more then 0!',
  minStock: 'Minimum stock level - 0!',
  maxQuantity: (max: number) => `Max Quantity - ${max}.`,
  selectPreformFirst: 'Select preform first',
  noSuppliers: 'This preform has no suppliers set.',
  fixFields: 'Please fix field errors.',
  /** A notification digest's zone the API does not know (its `timeZone` rule). */
  timeZone: 'Pick a time zone, e.g. Europe/Helsinki.',
  stockFill: 'Field has to be between -10,000,000 and 10,000,000.',
  qtyPerBox: 'Field has to be between 1 and 99,999.',
  wholeNumber: 'Field has to be a whole number.',
  tooLong: (max: number) => `At most ${max} characters.`,
  invalid: 'Field is invalid.',
  downloadDenied: 'Browser denied file download...',
  /** The supply plan's DDMRP factors (the contract's SupplyPlanSettings). */
  leadTimeFactor: 'Field has to be between 0.1 and 1.',
  variabilityFactor: 'Field has to be between 0 and 1.',
  /** An API client's roles outside what its company allows (the API's `roleNotAllowed` rule). */
  apiClientRoles: 'Pick the roles this company allows: buyer for a Buyer company, client or seller for a Converter, staff roles for the manufacturer.',
  /** An API client's public key that is no usable public JWK (the API's `invalidKey` rule, or JSON that does not parse). */
  publicKey: 'Paste the public key as a JSON Web Key (JWK).',
  /** A forecast that cannot be loaded (part 8), followed by the reason. */
  loadFailed: (reason: string) => `There has been an error: ${reason}`,
  /** A webhook URL: not http(s), or its host is loopback, private or link-local (the API's `address` rule). */
  webhookUrl: 'Enter an https URL of a host on the internet.',
} as const;

/** A validation failure in neutral terms: which field, which rule (code), and the rule's limit. */
export interface ValidationIssue {
  field: string;
  code: string;
  limit?: number;
  /** For type failures: whether a value was there at all. */
  empty?: boolean;
}

/**
 * Per-field texts where the spec words a field's rule itself (e.g. every violation of the lead time reads
 * 'Specify lead time more then 0.'). Keys are field paths without the request's wrapper object.
 */
const FIELD_MESSAGES: Record<string, string | Partial<Record<string, string>>> = {
  defaultLeadTime: { minimum: MESSAGES.leadTime, maximum: MESSAGES.leadTime, multipleOf: MESSAGES.leadTime, type: MESSAGES.leadTime },
  boxQtyPerTruck: { minimum: MESSAGES.truckQuantity, maximum: MESSAGES.truckQuantity, multipleOf: MESSAGES.truckQuantity, type: MESSAGES.truckQuantity },
  weight: { minimum: MESSAGES.weight, maximum: MESSAGES.weight },
  qtyPerBox: { minimum: MESSAGES.qtyPerBox, maximum: MESSAGES.qtyPerBox },
  // 'at least one supplier' (part 5): an empty selection reads as a missing value.
  PreformSuppliesSelected: { minimum: MESSAGES.required },
  orderedAmount: { minimum: MESSAGES.supplyAmount, maximum: MESSAGES.supplyAmount, multipleOf: MESSAGES.wholeNumber },
  preformStock: { minimum: MESSAGES.stockFill, maximum: MESSAGES.stockFill },
  plannedAmount: { minimum: MESSAGES.moq, multipleOf: MESSAGES.wholeNumber },
  producedAmount: { minimum: MESSAGES.producedAmount, maximum: MESSAGES.producedAmount, multipleOf: MESSAGES.producedAmount },
  // The operator's entry of bottles produced since the last one: the same range and text (part 5).
  producedQuantity: { minimum: MESSAGES.producedAmount, maximum: MESSAGES.producedAmount, multipleOf: MESSAGES.producedAmount },
  currentStock: { minimum: MESSAGES.minStock },
  orderNo: { required: MESSAGES.orderNo, minLength: MESSAGES.orderNo, pattern: MESSAGES.orderNo },
  // A weekend 'Deliver at' (the API's `weekday` rule; the pickers offer weekdays only) asks for another day.
  // A 'Deliver at' before the earliest selectable day (the API's `earliest` rule) reads like any unpickable day.
  dueDate: { required: MESSAGES.pickDay, format: MESSAGES.pickDay, weekday: MESSAGES.pickDay, earliest: MESSAGES.pickDay },
  deliveryDate: { required: MESSAGES.pickDay, format: MESSAGES.pickDay },
  clientProductId: { required: MESSAGES.pickOne },
  // The supply plan's settings: the factors' ranges; the minimum order has the supply amount's range.
  leadTimeFactor: { minimum: MESSAGES.leadTimeFactor, maximum: MESSAGES.leadTimeFactor },
  variabilityFactor: { minimum: MESSAGES.variabilityFactor, maximum: MESSAGES.variabilityFactor },
  minimumOrder: { minimum: MESSAGES.supplyAmount, maximum: MESSAGES.supplyAmount, multipleOf: MESSAGES.wholeNumber },
  // An order without lines (part 5: 'at least one item').
  ClientProductionOrderItems: { minimum: MESSAGES.orderLines, required: MESSAGES.orderLines },
  // A machine credential without machines (it reports for at least one): an empty selection is a missing value.
  machines: { minimum: MESSAGES.required },
  // An API client: roles its company allows, and a usable public key for private_key_jwt.
  roles: { minimum: MESSAGES.required, roleNotAllowed: MESSAGES.apiClientRoles },
  publicKey: { invalidKey: MESSAGES.publicKey },
  // A webhook endpoint's URL: the API refuses loopback, private and link-local hosts (`address`).
  url: { pattern: MESSAGES.webhookUrl, minLength: MESSAGES.webhookUrl, address: MESSAGES.webhookUrl },
  // An endpoint without event types: an empty selection is a missing value.
  eventTypes: { minimum: MESSAGES.required },
  // The notification digest's zone: one the API knows (IANA).
  timeZone: { timeZone: MESSAGES.timeZone },
};

/** The text shown for one issue. */
export function messageFor(issue: ValidationIssue): string {
  const key = issue.field.split('.').filter((part) => !/^\d+$/.test(part)).pop() ?? '';
  const override = FIELD_MESSAGES[key];
  if (typeof override === 'string') return override;
  const specific = override?.[issue.code];
  if (specific) return specific;
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
  plannedAmount: (min: number, max: number) => `Field has to be between ${min.toLocaleString('en-US')} and ${max.toLocaleString('en-US')}.`,
  periodOrder: 'The period must not end before it starts.',
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
  producedMinimum: (produced: number) => `At least the ${produced.toLocaleString('en-US')} bottles already produced.`,
  afterPurchaseDate: (purchaseDate: string) => `Deliver at must be on or before the purchase date ${purchaseDate}.`,
  earlierDay: (itemDate: string) => `An item can be moved only to a day on or after its date (${itemDate}).`,
  weekendDay: 'Order items are due on weekdays: Saturday and Sunday are unavailable.',
} as const;

/**
 * The claim files' texts: a file the company's storage quota has no room left for (the API's 413 with code `quota`
 * and the quota in bytes as its limit). Nothing was stored; the person can free room or ask for more.
 */
export const UPLOAD_MESSAGES = {
  quotaFull: (quotaBytes?: number) =>
    `Your company's storage quota${quotaBytes ? ` (${(quotaBytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MiB)` : ''} is full, so this file was not stored. ` +
    'Remove files you no longer need, or ask the manufacturer to raise the quota.',
} as const;
