import { msg } from '@lingui/core/macro';
import type { Claim, Claim8D, Claim8DInput, ClaimInput, ClaimStatus } from '@generated/model';
import { clientClaimsSaveClaimBody } from '@generated/zod/claims/claims.zod';
import { MESSAGES } from '../../api/messages';
import { zodValidate } from '../../api/validation';
import './catalogue';

/** The claim editor's fields as the inputs hold them (selects hold ids as strings; an empty number input is ''). */
export interface ClaimFormValues {
  /** The claim's client: chosen first by the admin logging a new claim; the stored one otherwise (client face: unused). */
  clientId: string | null;
  status: ClaimStatus;
  clientProductId: string | null;
  clientProductionOrderId: string | null;
  amount: number | string;
  deliveryDate: string | null;
  description: string;
  immediateAction: string;
  rootCouse: string;
  correctiveActions: string;
  /** The 8D report, every text as its input holds it. */
  eightD: EightDFormValues;
}

const optionalText = (value: string) => value.trim() || null;

/** D2's 5W2H questions, in order, with their labels (the catalogue's). */
export const PROBLEM_QUESTIONS = [
  ['what', msg`What`],
  ['where', msg`Where`],
  ['when', msg`When`],
  ['who', msg`Who`],
  ['why', msg`Why`],
  ['how', msg`How`],
  ['howMany', msg`How many`],
] as const;
export type ProblemQuestion = (typeof PROBLEM_QUESTIONS)[number][0];

/** The 8D report's text disciplines (D2 apart), by wire name. */
export const EIGHT_D_TEXTS = ['preparation', 'team', 'containment', 'rootCause', 'escapePoint', 'correctiveActions', 'validation', 'prevention', 'recognition'] as const;
export type EightDText = (typeof EIGHT_D_TEXTS)[number];

export type EightDFormValues = Record<EightDText, string> & { problem: Record<ProblemQuestion, string> };

export function eightDFormValues(report: Claim8D | undefined): EightDFormValues {
  const texts = Object.fromEntries(EIGHT_D_TEXTS.map((key) => [key, report?.[key] ?? ''])) as Record<EightDText, string>;
  const problem = Object.fromEntries(PROBLEM_QUESTIONS.map(([key]) => [key, report?.problem[key] ?? ''])) as Record<ProblemQuestion, string>;
  return { ...texts, problem };
}

/** Whether the report has any text (a client is shown the report only then). */
export const hasEightD = (report: Claim8D | undefined) =>
  Boolean(report && (EIGHT_D_TEXTS.some((key) => report[key]) || PROBLEM_QUESTIONS.some(([key]) => report.problem[key])));

/** The report as the save sends it: every discipline, blank as null. */
export function eightDInput(values: EightDFormValues): Claim8DInput {
  const texts = Object.fromEntries(EIGHT_D_TEXTS.map((key) => [key, optionalText(values[key])]));
  const problem = Object.fromEntries(PROBLEM_QUESTIONS.map(([key]) => [key, optionalText(values.problem[key])]));
  return { ...texts, problem };
}

export function claimFormValues(claim: Claim | null): ClaimFormValues {
  return {
    clientId: claim?.clientId ?? null,
    status: claim?.status ?? 'new',
    clientProductId: claim ? String(claim.clientProductId) : null,
    clientProductionOrderId: claim ? String(claim.clientProductionOrderId) : null,
    amount: claim?.amount ?? '',
    deliveryDate: claim?.deliveryDate ?? null,
    description: claim?.description ?? '',
    immediateAction: claim?.immediateAction ?? '',
    rootCouse: claim?.rootCouse ?? '',
    correctiveActions: claim?.correctiveActions ?? '',
    eightD: eightDFormValues(claim?.eightD),
  };
}

const id = (value: string | null) => (value ? Number(value) : undefined);

/**
 * The wire shape of the form. A new claim sends no status (it starts as new); only the GP (admin face) sends the
 * GP fields, since the API refuses client users who send values that differ from the stored ones.
 */
export function claimInput(values: ClaimFormValues, options: { existing: Claim | null; writesGpFields: boolean }): ClaimInput {
  const { existing } = options;
  return {
    ...(existing ? { id: existing.id, version: existing.version, status: values.status } : {}),
    clientProductId: id(values.clientProductId) as number,
    clientProductionOrderId: id(values.clientProductionOrderId) as number,
    amount: (typeof values.amount === 'number' ? values.amount : undefined) as number,
    deliveryDate: values.deliveryDate ?? (undefined as unknown as string),
    description: values.description.trim(),
    ...(options.writesGpFields
      ? {
          immediateAction: optionalText(values.immediateAction),
          rootCouse: optionalText(values.rootCouse),
          correctiveActions: optionalText(values.correctiveActions),
          eightD: eightDInput(values.eightD),
        }
      : {}),
  };
}

const validateInput = zodValidate<ClaimFormValues>(clientClaimsSaveClaimBody.shape.Claim, {
  transform: (values) => claimInput(values, { existing: null, writesGpFields: true }),
});

/**
 * Part 5 (Claim): product, order, delivery date, description and amount are required: 'Field is required.', and
 * 'Pick a day.' for the date. The generated zod decides; the texts come from the catalogue, except that a claim's
 * product and order say 'Field is required.' (the catalogue's 'Pick one item.' is the order item's wording) and a
 * rejected quantity of 0 is no quantity at all.
 */
export function validateClaim(values: ClaimFormValues): Record<string, string> {
  const errors = validateInput(values);
  if (errors.clientProductId) errors.clientProductId = MESSAGES.required;
  if (errors.clientProductionOrderId) errors.clientProductionOrderId = MESSAGES.required;
  if (errors.amount && typeof values.amount === 'number' && values.amount < 1) errors.amount = MESSAGES.required;
  return errors;
}
