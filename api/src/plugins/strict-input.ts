import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, fieldProblem, problemTexts, type TranslatableFieldProblem } from '../lib/problem.js';

/**
 * C0 and C1 control characters, DEL and NUL. Tab, line feed and carriage return stay allowed: free text
 * (descriptions, addresses) may hold lines. PostgreSQL refuses NUL in text, and the rest has no business in
 * names, numbers or notes (terminal escapes, invisible separators in CSV exports and PDFs).
 */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** Every string (and object key) below `value` that holds a control character, as `a.b.0.c` paths. */
export function controlCharacterFields(value: unknown, path: string[] = [], found: TranslatableFieldProblem[] = []): TranslatableFieldProblem[] {
  const at = (segments: string[]) => fieldProblem(segments.join('.'), 'controlCharacter', TEXTS.controlCharacter);
  if (typeof value === 'string') {
    if (CONTROL_CHARACTER.test(value)) found.push(at(path));
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => controlCharacterFields(item, [...path, String(index)], found));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (CONTROL_CHARACTER.test(key)) found.push(at([...path, key]));
      else controlCharacterFields(item, [...path, key], found);
    }
  }
  return found;
}

function hasBodySchema(request: FastifyRequest): boolean {
  return Boolean((request.routeOptions.schema as { body?: unknown } | undefined)?.body);
}

/**
 * Strict input for every operation of the contract, in one `preValidation` hook (after the gate and the
 * body parser, before ajv and any handler):
 * - an operation that takes a body refuses a request without one (Fastify skips schema validation of an
 *   absent or `null` body, so it would reach the handler);
 * - no string of the body, query or path, nor any key of the body, may carry a control character.
 * Each answers 400 with the failing fields. Arrays, strings and numbers where an object is expected are
 * refused by ajv itself (`type`), as is every bound of the contract.
 */
const TEXTS = {
  controlCharacter: /*i18n*/ { id: 'problem.input.controlCharacter', message: 'must not contain control characters (only tab, line feed and carriage return are allowed)' },
  controlCharacters: /*i18n*/ { id: 'problem.input.controlCharacters', message: 'Text must not contain control characters.' },
};

export async function registerStrictInput(api: FastifyInstance): Promise<void> {
  // A callback hook, not an async one: it does no I/O, and runs on every request.
  api.addHook('preValidation', (request, _reply, done) => {
    if (hasBodySchema(request) && (request.body === undefined || request.body === null)) {
      return done(badRequest(problemTexts.contract, undefined, [
        request.body === null
          ? // ajv's own words, as for every other type error of the contract (the web words it by code).
            { field: '', code: 'type', message: 'must be object' }
          : fieldProblem('', 'required', problemTexts.jsonBody),
      ]));
    }
    const errors = [
      ...controlCharacterFields(request.body),
      ...controlCharacterFields(request.query),
      ...controlCharacterFields(request.params),
    ];
    done(errors.length > 0 ? badRequest(TEXTS.controlCharacters, undefined, errors) : undefined);
  });
}
