import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * A refusal a person reads is a catalogue message: no problem helper (nor `new HttpProblem`) is handed a plain string
 * or template as its text, and every `{ id, message }` descriptor carries the `/*i18n*\/` mark the extractor finds.
 * The English-only refusals (`englishOnly`: a machine's or a program's protocol errors) say why in a comment holding
 * "English only" where they are thrown.
 */
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The argument that holds the text a person reads, by callee. */
const TEXT_ARGUMENT: Record<string, number> = {
  badRequest: 0,
  conflict: 0,
  forbidden: 0,
  unauthorized: 0,
  ruleViolation: 2,
  fieldProblem: 2,
  problem: 2,
  HttpProblem: 2,
};

/** The plain strings an expression may evaluate to (a string or template, either branch of a `?:`, a `+`). */
function plainText(node: ts.Expression): ts.Node[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) return [node];
  if (ts.isParenthesizedExpression(node)) return plainText(node.expression);
  if (ts.isConditionalExpression(node)) return [...plainText(node.whenTrue), ...plainText(node.whenFalse)];
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) return [...plainText(node.left), ...plainText(node.right)];
  return [];
}

const calleeName = (node: ts.CallExpression | ts.NewExpression) => (ts.isIdentifier(node.expression) ? node.expression.text : undefined);

/** Whether a comment before `node` or one of its enclosing statements says "English only". */
function saysEnglishOnly(node: ts.Node, text: string): boolean {
  for (let at: ts.Node | undefined = node; at && !ts.isSourceFile(at); at = at.parent) {
    const comments = ts.getLeadingCommentRanges(text, at.getFullStart()) ?? [];
    if (comments.some((range) => text.slice(range.pos, range.end).includes('English only'))) return true;
  }
  return false;
}

/** What a source text does wrong, as `file:line what`. */
export function refusalsInPlainText(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const report = (node: ts.Node, what: string) => found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${what}`);
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      const name = calleeName(node);
      const index = name === undefined ? undefined : TEXT_ARGUMENT[name];
      const argument = index === undefined ? undefined : node.arguments?.[index];
      if (argument) for (const literal of plainText(argument)) report(literal, `${name}(…) is given plain text: use a catalogue message`);
      if (name === 'englishOnly' && !saysEnglishOnly(node, text)) report(node, 'englishOnly(…) without a comment saying "English only" and why');
    }
    if (ts.isObjectLiteralExpression(node)) {
      const names = node.properties.map((property) => (property.name && ts.isIdentifier(property.name) ? property.name.text : ''));
      const message = node.properties.find((property) => property.name && ts.isIdentifier(property.name) && property.name.text === 'message');
      const isDescriptor = names.includes('id') && message && ts.isPropertyAssignment(message) && ts.isStringLiteral(message.initializer);
      const marked = text.slice(node.getFullStart(), node.getStart()).includes('/*i18n*/');
      if (isDescriptor && !marked) report(node, '{ id, message } without /*i18n*/: the extractor does not find it');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sourceFiles(dir: string, into: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) {
      if (name !== 'locales') sourceFiles(file, into);
    } else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) into.push(file);
  }
  return into;
}

describe('refusals a person reads come from the catalogue', () => {
  it('no problem in api/src is given plain text, and every descriptor is marked for the extractor', () => {
    const files = sourceFiles(src);
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => refusalsInPlainText(path.relative(src, file), readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });

  it('finds plain text, in either branch, an unmarked descriptor and an unexplained English-only refusal', () => {
    const found = refusalsInPlainText(
      'example.ts',
      [
        "throw conflict('Someone else changed it.');",
        'throw ruleViolation(field, code, done ? `At most ${max}.` : MESSAGE);',
        "throw new HttpProblem(503, 'Service Unavailable', 'Away.');",
        "throw badRequest({ id: 'problem.x', message: 'X.' });",
        "throw englishOnly(400, 'Bad Request', 'A machine reads this.');",
        "throw badRequest(/*i18n*/ { id: 'problem.y', message: 'Y.' }, { max });",
        '// English only: a collector reads it.',
        "throw englishOnly(400, 'Bad Request', 'A machine reads this.');",
      ].join('\n'),
    );
    expect(found).toEqual([
      'example.ts:1 conflict(…) is given plain text: use a catalogue message',
      'example.ts:2 ruleViolation(…) is given plain text: use a catalogue message',
      'example.ts:3 HttpProblem(…) is given plain text: use a catalogue message',
      'example.ts:4 { id, message } without /*i18n*/: the extractor does not find it',
      'example.ts:5 englishOnly(…) without a comment saying "English only" and why',
    ]);
  });
});
