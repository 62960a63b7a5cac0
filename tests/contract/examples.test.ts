/**
 * The examples of the contract (Prism serves them, the published document shows them) obey their own schemas,
 * limits included: a request example would pass the API's validation, a response example is what the API may answer.
 */
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { document, operations } from './openapi.js';

type Media = { schema?: object; example?: unknown };
type Content = Record<string, Media>;

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
for (const format of ['int32', 'int64', 'double', 'float', 'decimal', 'binary']) ajv.addFormat(format, true);
ajv.addSchema({ components: (document as unknown as { components: object }).components }, 'contract');

const rewrite = (schema: object) => JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"contract#/components/'));

const cases = operations.flatMap(([key, operation]) => {
  const found: [string, object, unknown][] = [];
  const request = (operation.requestBody as { content?: Content } | undefined)?.content?.['application/json'];
  if (request?.schema && request.example !== undefined) found.push([`${key} request`, request.schema, request.example]);
  const response = operation.responses?.['200']?.content?.['application/json'] as Media | undefined;
  if (response?.schema && response.example !== undefined) found.push([`${key} response`, response.schema, response.example]);
  return found;
});

describe('examples', () => {
  it('exist for the JSON operations', () => {
    expect(cases.length).toBeGreaterThan(120);
  });

  it.each(cases)('%s example matches its schema', (_name, schema, example) => {
    const validate = ajv.compile(rewrite(schema));
    const valid = validate(example);
    expect(validate.errors ?? [], JSON.stringify(example).slice(0, 300)).toEqual([]);
    expect(valid).toBe(true);
  });
});
