import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { appliedCarbon, capToReceived, figures, meets, receivedUg, sumOf, type LineUse } from './sustainability.rules.js';

const pet = (preforms: number, composition: LineUse['composition'], lotId: number | null = 1): LineUse => ({ lotId, preforms, weightG: 28, material: 'PET', composition });

describe('a line states what its lots are made of', () => {
  it('counts preforms of no lot, or of a lot with no composition, as unknown mass, never as recycled', () => {
    const sums = sumOf([pet(1_000, { postConsumerPercent: 40, preConsumerPercent: 10, carbonKgPerKg: null }), pet(500, null, null), pet(500, null)]);
    expect(figures(sums)).toEqual({
      preforms: 2_000,
      preformMassKg: 56,
      recycledMassKg: 14, // 28 kg × 50 %
      postConsumerMassKg: 11.2,
      unknownMassKg: 28,
      recycledSharePercent: 25,
      postConsumerSharePercent: 20,
      unknownSharePercent: 50,
      carbonKgCo2e: 61.6, // only the known 28 kg, at the PET default 2.2
    });
    expect(meets(sums)).toEqual({ meets25: true, meets30: false });
  });

  it("uses the EPD's carbon when the lot has one, else the material's documented default, never a recycled credit", () => {
    expect(appliedCarbon('RPET', 0.9)).toMatchObject({ kgPerKg: 0.9, source: 'epd' });
    expect(appliedCarbon('RPET', null)).toMatchObject({ kgPerKg: 2.2, source: 'default' });
    expect(appliedCarbon('PP', null).basis).toContain('polypropylene');
  });

  it('rounds a share down, so a line just below a threshold never shows as reaching it', () => {
    // 24.999 %: 1 preform of 100 g at 24.999 % … in exact hundredths: 2,499.9 of 10,000.
    const sums = sumOf([pet(99_999, { postConsumerPercent: 25, preConsumerPercent: 0, carbonKgPerKg: null }), pet(1, null, null)]);
    expect(figures(sums).recycledSharePercent).toBe(24.99);
    expect(meets(sums).meets25).toBe(false);
  });
});

describe('never declare more recycled mass than received', () => {
  it("cuts the later lines of an overdrawn lot back to what it delivered, and counts given-back preforms as none", () => {
    expect(capToReceived(1_000, [{ lineId: 1, preforms: 600 }, { lineId: 2, preforms: 600 }, { lineId: 3, preforms: 10 }])).toEqual([
      { lineId: 1, preforms: 600 },
      { lineId: 2, preforms: 400 },
      { lineId: 3, preforms: 0 },
    ]);
    expect(capToReceived(1_000, [{ lineId: 1, preforms: -50 }, { lineId: 2, preforms: 1_000 }])).toEqual([
      { lineId: 1, preforms: 0 },
      { lineId: 2, preforms: 1_000 },
    ]);
  });

  it('holds for any lot and any lines taken from it: declared recycled mass never exceeds received', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.double({ min: 1, max: 200, noNaN: true }),
        fc.integer({ min: 0, max: 10_000 }).map((h) => h / 100),
        fc.array(fc.integer({ min: -100_000, max: 10_000_000 }), { maxLength: 30 }),
        (quantity, weightG, percent, takes) => {
          const composition = { postConsumerPercent: percent, preConsumerPercent: 0, carbonKgPerKg: null };
          const capped = capToReceived(quantity, takes.map((preforms, lineId) => ({ lineId, preforms })));
          const declared = capped.map((take) => sumOf([{ lotId: 1, preforms: take.preforms, weightG, material: 'PET', composition }]).recycledUg).reduce((a, b) => a + b, 0n);
          expect(declared <= receivedUg(quantity, weightG, composition).recycledUg).toBe(true);
          // Capping moves nothing on consistent data: lines that together stay within the lot keep their preforms.
          const wanted = takes.map((preforms) => Math.max(0, preforms));
          if (wanted.reduce((a, b) => a + b, 0) <= quantity) expect(capped.map((take) => take.preforms)).toEqual(wanted);
        },
      ),
      { seed: 45, numRuns: 500 },
    );
  });
});
