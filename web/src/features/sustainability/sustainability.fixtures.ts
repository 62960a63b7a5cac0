/* eslint-disable lingui/no-unlocalized-strings -- test data: the demo's names of preforms, products and suppliers */
import type { FootprintRow, LineFootprint, LotComposition } from '@generated/model';

/** A period row of the client's year: 1,234.5 kg of preforms, 28 % recycled (above 25 %, below 30 %), 12.5 % unknown. */
export const footprintRow = (key: string, label: string, overrides: Partial<FootprintRow> = {}): FootprintRow => ({
  key,
  label,
  preforms: 44_089,
  preformMassKg: 1234.5,
  recycledMassKg: 345.66,
  postConsumerMassKg: 345.66,
  unknownMassKg: 154.31,
  recycledSharePercent: 28,
  postConsumerSharePercent: 28,
  unknownSharePercent: 12.5,
  carbonKgCo2e: 2716.2,
  meets25: true,
  meets30: false,
  ...overrides,
});

/**
 * A delivered line of 1,000 preforms of 28 g: 800 from a lot of 40 % post-consumer rPET with its certificate file,
 * 200 from no lot (unknown, never counted as recycled).
 */
export const lineFootprint: LineFootprint = {
  orderItemId: 90,
  orderNo: 'PO-24-0117',
  articleNo: 'NS-0500',
  productName: 'Spring Water 0.5 L',
  delivered: true,
  invoices: [{ id: 64, invoiceNumber: 'INV-2026-0342', deliveryDate: '2026-03-20' }],
  figures: {
    preforms: 1000,
    preformMassKg: 28,
    recycledMassKg: 8.96,
    postConsumerMassKg: 8.96,
    unknownMassKg: 5.6,
    recycledSharePercent: 32,
    postConsumerSharePercent: 32,
    unknownSharePercent: 20,
    carbonKgCo2e: 41.44,
  },
  lots: [
    {
      id: 7,
      supplierLotNumber: 'RB-2603-114',
      deliveryDate: '2026-03-02',
      supplyOrderId: 31,
      manufacturerName: 'Retal Baltic Films',
      preformName: 'PET 28g PCO1810 Clear',
      preforms: 800,
      massKg: 22.4,
      postConsumerPercent: 40,
      preConsumerPercent: 0,
      recycledMassKg: 8.96,
      postConsumerMassKg: 8.96,
      carbonKgCo2e: 33.6,
      carbonSource: 'epd',
      scheme: 'EuCertPlast',
      certificateNo: 'ECP-2026-0117',
      validUntil: '2026-12-31',
      recyclingProcess: 'RAN.EU.2022.0042',
      epdReference: 'EPD-RB-2026-01',
      certificateFile: { originalFilename: 'ECP-2026-0117.pdf', mimetype: 'application/pdf', size: 182_344 },
    },
  ],
  unlottedPreforms: 200,
};

/** Lot 7's recorded composition, as the admin's lot page reads it. */
export const lotComposition: LotComposition = {
  lotId: 7,
  lot: { id: 7, supplierLotNumber: 'RB-2603-114', deliveryDate: '2026-03-02', supplyOrderId: 31, manufacturerName: 'Retal Baltic Films' },
  preformName: 'PET 28g PCO1810 Clear',
  material: 'PET',
  weightG: 28,
  quantity: 100_000,
  recorded: true,
  postConsumerPercent: 40,
  preConsumerPercent: 0,
  scheme: 'EuCertPlast',
  certificateNo: 'ECP-2026-0117',
  validFrom: '2026-01-01',
  validUntil: '2026-12-31',
  recyclingProcess: 'RAN.EU.2022.0042',
  certificateFile: null,
  carbonKgPerKg: 1.5,
  epdReference: 'EPD-RB-2026-01',
  carbonAppliedKgPerKg: 1.5,
  carbonSource: 'epd',
  carbonDefaultBasis: null,
  version: 3,
};
