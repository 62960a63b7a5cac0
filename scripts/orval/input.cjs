// orval's copy of generated/openapi.yaml, adjusted for what orval reads; generated/openapi.yaml stays as `pnpm gen`
// writes it. Each step says why.

// Integers: orval's zod output writes `type: integer` as a plain number, so a decimal
// such as 1.5 would pass the forms. Adding `multipleOf: 1` to every integer schema (in orval's copy of
// the document only; generated/openapi.yaml stays as TypeSpec emits it) makes the zod schemas refuse it.
function integers(document) {
  const visit = (node) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    if (node.type === 'integer' && node.multipleOf === undefined) node.multipleOf = 1;
    Object.values(node).forEach(visit);
  };
  visit(document);
  return document;
}

// A model or null: generated/openapi.yaml writes "a model or null" as `anyOf: [$ref, <null only>]`, the
// form Prism and ajv read as meant (scripts/gen.mjs, nullableReferences). orval's model types cannot name a schema
// that only allows null (it writes an empty enum: `Model |  | null`), so its copy gets back the allOf form it types as
// `Model | null` and validates with `.nullable()`: the same values, in the words orval knows.
const isNullOnly = (schema) =>
  schema && schema.type === 'object' && schema.nullable === true && Array.isArray(schema.enum) && schema.enum.length === 1 && schema.enum[0] === null;

function nullable(document) {
  const visit = (node) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const { anyOf, ...rest } = node;
    if (Array.isArray(anyOf) && anyOf.length === 2 && anyOf[0].$ref && isNullOnly(anyOf[1])) {
      for (const key of Object.keys(node)) delete node[key];
      Object.assign(node, { type: 'object', allOf: [anyOf[0]], nullable: true }, rest);
      return;
    }
    Object.values(node).forEach(visit);
  };
  visit(document);
  return document;
}

module.exports = (document) => integers(nullable(document));
