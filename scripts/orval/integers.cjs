// orval input transformer: orval's zod output writes `type: integer` as a plain number, so a decimal
// such as 1.5 would pass the forms. Adding `multipleOf: 1` to every integer schema (in orval's copy of
// the document only; generated/openapi.yaml stays as TypeSpec emits it) makes the zod schemas refuse it.
module.exports = function integers(document) {
  const visit = (node) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    if (node.type === 'integer' && node.multipleOf === undefined) node.multipleOf = 1;
    Object.values(node).forEach(visit);
  };
  visit(document);
  return document;
};
