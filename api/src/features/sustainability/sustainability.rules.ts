/**
 * The arithmetic of recycled content and carbon (docs/sustainability.md). Physical attribution: a delivered line
 * carries what the lots its production records took are made of, in proportion to the preforms it took from each;
 * preforms no lot covers, or from a lot whose composition nobody recorded, are unknown and never counted as recycled.
 *
 * Masses are exact integers (BigInt) until they are shown: micrograms, from preforms × weight in centigrams × percent
 * in hundredths. A float sum of many lines could round a declared total above the received one; integers cannot.
 */

/** Preform materials of the catalogue (the contract's `Material`). */
export type Material = 'PET' | 'PP' | 'RPET';

/**
 * Cradle-to-gate carbon per kg of preform material when the lot has no EPD figure: a conservative virgin-resin figure
 * of published industry averages (docs/sustainability.md names them). Recycled content lowers a lot's figure only
 * through its own EPD: a default never credits it.
 */
export const DEFAULT_CARBON: Readonly<Record<Material, { kgPerKg: number; basis: string }>> = {
  PET: { kgPerKg: 2.2, basis: 'Default for PET: virgin bottle-grade PET resin, industry average (PlasticsEurope eco-profile), kg CO2e/kg' },
  RPET: { kgPerKg: 2.2, basis: 'Default for RPET without an EPD: the virgin PET figure (no credit for recycled content without evidence), kg CO2e/kg' },
  PP: { kgPerKg: 1.6, basis: 'Default for PP: virgin polypropylene, industry average (PlasticsEurope eco-profile), kg CO2e/kg' },
};

/** The Single-Use Plastics Directive's minimum recycled shares of PET beverage bottles: 25 % from 2025, 30 % from 2030. */
export const THRESHOLDS = { from2025: 25, from2030: 30 } as const;

export interface Composition {
  postConsumerPercent: number;
  preConsumerPercent: number;
  /** The EPD's figure, or null for the material's default. */
  carbonKgPerKg: number | null;
}

/** Preforms of one lot (or of no lot: `lotId` null) in one line. */
export interface LineUse {
  lotId: number | null;
  preforms: number;
  /** Grams per preform. */
  weightG: number;
  material: Material;
  /** Null: no lot, or the lot's composition is not recorded. */
  composition: Composition | null;
}

/** Exact masses of a set of uses, in micrograms, and carbon in kg CO2e. */
export interface Sums {
  preforms: number;
  massUg: bigint;
  recycledUg: bigint;
  postConsumerUg: bigint;
  unknownUg: bigint;
  carbonKg: number;
}

export const emptySums = (): Sums => ({ preforms: 0, massUg: 0n, recycledUg: 0n, postConsumerUg: 0n, unknownUg: 0n, carbonKg: 0 });

const centigrams = (weightG: number) => BigInt(Math.round(weightG * 100));
const hundredths = (percent: number) => BigInt(Math.round(percent * 100));

/** Mass of `preforms` preforms in micrograms (centigrams × 10,000). */
export const massUg = (preforms: number, weightG: number): bigint => BigInt(preforms) * centigrams(weightG) * 10_000n;

/** Recycled mass of `preforms` preforms at `percent` of their mass, in micrograms (centigrams × hundredths of a percent). */
export const shareUg = (preforms: number, weightG: number, percent: number): bigint => BigInt(preforms) * centigrams(weightG) * hundredths(percent);

/** The carbon figure a lot is stated with: its EPD's, else its material's default. */
export function appliedCarbon(material: Material, carbonKgPerKg: number | null): { kgPerKg: number; source: 'epd' | 'default'; basis: string | null } {
  if (carbonKgPerKg !== null) return { kgPerKg: carbonKgPerKg, source: 'epd', basis: null };
  const fallback = DEFAULT_CARBON[material];
  return { kgPerKg: fallback.kgPerKg, source: 'default', basis: fallback.basis };
}

/** The figures of one use: its mass, and what its lot's composition says of it (unknown without a composition). */
export function useSums(use: LineUse): Sums {
  const preforms = Math.max(0, use.preforms);
  const mass = massUg(preforms, use.weightG);
  if (use.composition === null) return { preforms, massUg: mass, recycledUg: 0n, postConsumerUg: 0n, unknownUg: mass, carbonKg: 0 };
  const post = shareUg(preforms, use.weightG, use.composition.postConsumerPercent);
  const pre = shareUg(preforms, use.weightG, use.composition.preConsumerPercent);
  const carbon = appliedCarbon(use.material, use.composition.carbonKgPerKg).kgPerKg;
  return { preforms, massUg: mass, recycledUg: post + pre, postConsumerUg: post, unknownUg: 0n, carbonKg: ugToKg(mass) * carbon };
}

export function addSums(a: Sums, b: Sums): Sums {
  return {
    preforms: a.preforms + b.preforms,
    massUg: a.massUg + b.massUg,
    recycledUg: a.recycledUg + b.recycledUg,
    postConsumerUg: a.postConsumerUg + b.postConsumerUg,
    unknownUg: a.unknownUg + b.unknownUg,
    carbonKg: a.carbonKg + b.carbonKg,
  };
}

export const sumOf = (uses: readonly LineUse[]): Sums => uses.map(useSums).reduce(addSums, emptySums());

/** Micrograms as kg, rounded down to the gram: a stated mass is never more than the exact one. */
export const ugToKg = (ug: bigint): number => Number(ug / 1_000_000n) / 1000;

const percentOf = (part: bigint, whole: bigint): number => (whole === 0n ? 0 : Number((part * 10_000n) / whole) / 100);

/** What a line, a month or a year states (the contract's `FootprintFigures`). */
export function figures(sums: Sums) {
  return {
    preforms: sums.preforms,
    preformMassKg: ugToKg(sums.massUg),
    recycledMassKg: ugToKg(sums.recycledUg),
    postConsumerMassKg: ugToKg(sums.postConsumerUg),
    unknownMassKg: ugToKg(sums.unknownUg),
    // Rounded down to a hundredth of a percent: a share shown never passes a threshold the mass does not reach.
    recycledSharePercent: percentOf(sums.recycledUg, sums.massUg),
    postConsumerSharePercent: percentOf(sums.postConsumerUg, sums.massUg),
    unknownSharePercent: percentOf(sums.unknownUg, sums.massUg),
    carbonKgCo2e: Math.round(sums.carbonKg * 1000) / 1000,
  };
}

/** Whether a stated share reaches the directive's thresholds. */
export const meets = (sums: Sums) => {
  const share = percentOf(sums.recycledUg, sums.massUg);
  return { meets25: share >= THRESHOLDS.from2025, meets30: share >= THRESHOLDS.from2030 };
};

/** One line's preforms from one lot, before capping. */
export interface LotTake {
  lineId: number;
  preforms: number;
}

/**
 * Never declare more recycled mass than received: the preforms a lot's lines are stated with never add up to more
 * than the lot delivered. Production consumes at most what a lot holds, so this changes nothing on consistent data;
 * were the records ever to say otherwise (a correction racing a production record, an imported history), the lines
 * are cut back, latest first (the order given), rather than the lot counted twice. Negative takes (given back) count 0.
 */
export function capToReceived(quantity: number, takes: readonly LotTake[]): LotTake[] {
  let left = Math.max(0, quantity);
  return takes.map((take) => {
    const preforms = Math.min(Math.max(0, take.preforms), left);
    left -= preforms;
    return { lineId: take.lineId, preforms };
  });
}

/** Recycled mass a lot brought in, in micrograms (the balance's 'received'). */
export const receivedUg = (quantity: number, weightG: number, composition: Composition | null) =>
  composition === null
    ? { recycledUg: 0n, postConsumerUg: 0n }
    : {
        recycledUg: shareUg(quantity, weightG, composition.postConsumerPercent) + shareUg(quantity, weightG, composition.preConsumerPercent),
        postConsumerUg: shareUg(quantity, weightG, composition.postConsumerPercent),
      };
