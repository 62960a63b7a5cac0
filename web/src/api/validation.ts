import type { z } from 'zod';
import { messageFor, type ValidationIssue } from './messages';
import type { ApiError } from './http';

/** zod's issue codes in the contract's (JSON Schema) vocabulary, so one catalogue serves both sides. */
function issueOf(issue: z.core.$ZodIssue, value: unknown): ValidationIssue {
  const field = issue.path.join('.');
  const empty = value === undefined || value === null || value === '';
  switch (issue.code) {
    case 'too_small':
      return issue.origin === 'string' && Number(issue.minimum) <= 1
        ? { field, code: 'required' }
        : { field, code: issue.origin === 'string' ? 'minLength' : 'minimum', limit: Number(issue.minimum) };
    case 'too_big':
      return { field, code: issue.origin === 'string' ? 'maxLength' : 'maximum', limit: Number(issue.maximum) };
    case 'not_multiple_of':
      return { field, code: 'multipleOf', limit: Number(issue.divisor) };
    case 'invalid_type':
      return empty ? { field, code: 'required', empty } : { field, code: 'type', empty };
    case 'invalid_format':
      return empty ? { field, code: 'required', empty } : { field, code: issue.format === 'regex' ? 'pattern' : 'format', empty };
    case 'invalid_value':
    case 'invalid_union':
      return { field, code: empty ? 'required' : 'enum', empty };
    default:
      return { field, code: issue.code };
  }
}

const valueAt = (values: unknown, path: PropertyKey[]) =>
  path.reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[key] : undefined), values);

/**
 * A Mantine form `validate` function from a generated zod schema: the first message per field, from the
 * catalogue, keyed by the field's path in what the schema checks. `transform` first turns the form's values into
 * that (e.g. the request body the dialog sends); the caller maps paths that differ from its form fields.
 */
export function zodValidate<T>(schema: z.ZodType, options: { transform?: (values: T) => unknown } = {}) {
  return (values: T): Record<string, string> => {
    const candidate = options.transform ? options.transform(values) : values;
    const result = schema.safeParse(candidate);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const field = issue.path.join('.');
      if (!(field in errors)) errors[field] = messageFor(issueOf(issue, valueAt(candidate, issue.path)));
    }
    return errors;
  };
}

/** Field errors of a 400 problem from the API, keyed by form field (wrapper stripped). */
export function problemFieldErrors(error: ApiError, wrapper?: string): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.problem.errors ?? []) {
    const field = wrapper && issue.field.startsWith(`${wrapper}.`) ? issue.field.slice(wrapper.length + 1) : issue.field;
    errors[field] ??= messageFor({ field, code: issue.code, limit: issue.limit });
  }
  return errors;
}
