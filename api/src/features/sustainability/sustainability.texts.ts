/**
 * The texts of the recycled-content statements, as message descriptors with explicit ids in the API's catalogue
 * (api/src/locales, `pnpm --filter @orders-portal/api i18n:extract` and `i18n:compile`): a statement speaks the
 * customer's language, or the one asked for. The exports' column names and units stay English: they name the units
 * of data that other programs read, as the contract's JSON export states them.
 */
export const STATEMENT_MESSAGES = {
  title: /*i18n*/ { id: 'recycled.title', message: 'Recycled content and carbon statement' },
  invoiceSubtitle: /*i18n*/ { id: 'recycled.invoiceSubtitle', message: 'Invoice {invoiceNumber} · {company} · {date}' },
  yearSubtitle: /*i18n*/ { id: 'recycled.yearSubtitle', message: 'Year {year} · {company}' },
  summary: /*i18n*/ { id: 'recycled.summary', message: 'Summary' },
  lines: /*i18n*/ { id: 'recycled.lines', message: 'Delivered lines' },
  lots: /*i18n*/ { id: 'recycled.lots', message: 'Preform lots and evidence' },
  months: /*i18n*/ { id: 'recycled.months', message: 'By month' },
  products: /*i18n*/ { id: 'recycled.products', message: 'By product' },
  method: /*i18n*/ { id: 'recycled.method', message: 'Method' },
  noLines: /*i18n*/ { id: 'recycled.noLines', message: 'No delivered line with production records.' },
  noLots: /*i18n*/ { id: 'recycled.noLots', message: 'No preform lot.' },
  preformMass: /*i18n*/ { id: 'recycled.field.preformMass', message: 'Preform mass (kg)' },
  recycledMass: /*i18n*/ { id: 'recycled.field.recycledMass', message: 'Recycled mass (kg)' },
  postConsumerMass: /*i18n*/ { id: 'recycled.field.postConsumerMass', message: 'Post-consumer recycled mass (kg)' },
  recycledShare: /*i18n*/ { id: 'recycled.field.recycledShare', message: 'Recycled share (%)' },
  postConsumerShare: /*i18n*/ { id: 'recycled.field.postConsumerShare', message: 'Post-consumer share (%)' },
  unknownShare: /*i18n*/ { id: 'recycled.field.unknownShare', message: 'Unknown origin (%)' },
  carbon: /*i18n*/ { id: 'recycled.field.carbon', message: 'Carbon, cradle to gate (kg CO2e)' },
  threshold25: /*i18n*/ { id: 'recycled.field.threshold25', message: 'Reaches 25 % (SUP Directive, from 2025)' },
  threshold30: /*i18n*/ { id: 'recycled.field.threshold30', message: 'Reaches 30 % (SUP Directive, from 2030)' },
  orderNo: /*i18n*/ { id: 'recycled.column.orderNo', message: 'Order no' },
  article: /*i18n*/ { id: 'recycled.column.article', message: 'Article' },
  preforms: /*i18n*/ { id: 'recycled.column.preforms', message: 'Preforms' },
  mass: /*i18n*/ { id: 'recycled.column.mass', message: 'Mass (kg)' },
  recycled: /*i18n*/ { id: 'recycled.column.recycled', message: 'Recycled (kg)' },
  share: /*i18n*/ { id: 'recycled.column.share', message: 'Share (%)' },
  unknown: /*i18n*/ { id: 'recycled.column.unknown', message: 'Unknown (%)' },
  carbonColumn: /*i18n*/ { id: 'recycled.column.carbon', message: 'kg CO2e' },
  lot: /*i18n*/ { id: 'recycled.column.lot', message: 'Lot' },
  supplier: /*i18n*/ { id: 'recycled.column.supplier', message: 'Supplier' },
  postPre: /*i18n*/ { id: 'recycled.column.postPre', message: 'Post / pre-consumer (%)' },
  evidence: /*i18n*/ { id: 'recycled.column.evidence', message: 'Scheme, certificate, valid until' },
  process: /*i18n*/ { id: 'recycled.column.process', message: 'EU 2022/1616 process' },
  carbonSource: /*i18n*/ { id: 'recycled.column.carbonSource', message: 'Carbon source' },
  period: /*i18n*/ { id: 'recycled.column.period', message: 'Period' },
  yes: /*i18n*/ { id: 'recycled.yes', message: 'yes' },
  no: /*i18n*/ { id: 'recycled.no', message: 'no' },
  notRecorded: /*i18n*/ { id: 'recycled.notRecorded', message: 'not recorded (unknown)' },
  carbonDefault: /*i18n*/ { id: 'recycled.carbonDefault', message: 'documented default' },
  carbonEpd: /*i18n*/ { id: 'recycled.carbonEpd', message: 'EPD {reference}' },
  method1: /*i18n*/ {
    id: 'recycled.method.attribution',
    message:
      'Physical attribution by lot: each delivered line carries the recycled content and carbon of the preform lots its production records actually consumed, in proportion to the preforms taken from each lot (preform mass = preforms × preform weight).',
  },
  method2: /*i18n*/ {
    id: 'recycled.method.unknown',
    message:
      'Preforms that no lot covers, or that come from a lot whose composition was not recorded, are of unknown origin: they count in the mass and never as recycled; their carbon is not stated.',
  },
  method3: /*i18n*/ {
    id: 'recycled.method.noCredits',
    message:
      'Recycled shares are of the whole preform mass and rounded down. No mass balance credits are used or sold: a line never carries recycled content that was not physically in its preforms, and the plant never declares more recycled mass than its lots delivered.',
  },
  method4: /*i18n*/ {
    id: 'recycled.method.carbon',
    message: "Carbon is cradle to gate from the supplier's EPD, or the portal's documented default for the material when the lot has none.",
  },
} as const;

/** The method's paragraphs, in order. */
export const METHOD = [STATEMENT_MESSAGES.method1, STATEMENT_MESSAGES.method2, STATEMENT_MESSAGES.method3, STATEMENT_MESSAGES.method4] as const;

/** The export's columns with their units (CSV header; the JSON names the same units). */
export const EXPORT_COLUMNS = [
  ['section', 'Section'],
  ['key', 'Period or article'],
  ['label', 'Label'],
  ['preforms', 'Preforms (pieces)'],
  ['preformMassKg', 'Preform mass (kg)'],
  ['recycledMassKg', 'Recycled mass (kg)'],
  ['postConsumerMassKg', 'Post-consumer recycled mass (kg)'],
  ['unknownMassKg', 'Mass of unknown origin (kg)'],
  ['recycledSharePercent', 'Recycled share (% of preform mass)'],
  ['postConsumerSharePercent', 'Post-consumer share (% of preform mass)'],
  ['unknownSharePercent', 'Unknown origin (% of preform mass)'],
  ['carbonKgCo2e', 'Carbon, cradle to gate (kg CO2e)'],
  ['meets25', 'Reaches 25 %'],
  ['meets30', 'Reaches 30 %'],
] as const;

export const EXPORT_UNITS = {
  preforms: 'pieces',
  preformMassKg: 'kg',
  recycledMassKg: 'kg',
  postConsumerMassKg: 'kg',
  unknownMassKg: 'kg',
  recycledSharePercent: '% of preform mass',
  postConsumerSharePercent: '% of preform mass',
  unknownSharePercent: '% of preform mass',
  carbonKgCo2e: 'kg CO2e (cradle to gate)',
} as const;
