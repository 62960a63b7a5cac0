import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatter } from '@lingui/format-po';
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';

/**
 * The API's catalogues are complete and consistent: every language has every English message, translated, with the
 * same ICU placeholders and plural/select arguments as the English one; the English catalogue holds exactly the
 * messages of the code; and the compiled catalogues the API loads are those of the PO files.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const src = path.resolve(here, '..');
const TRANSLATED = ['sv', 'fi', 'nb', 'lv'] as const;

async function catalogue(locale: string): Promise<Map<string, string>> {
  const filename = path.join(here, locale, 'messages.po');
  const parsed = await formatter().parse(readFileSync(filename, 'utf8'), { locale, sourceLocale: 'en', filename });
  return new Map(Object.entries(parsed).map(([id, entry]) => [id, entry.translation ?? '']));
}

/** Each argument of a compiled message as `name` or `name:plural` / `name:select`, nested choices included. */
function argumentsOf(message: CompiledMessage, into = new Set<string>()): Set<string> {
  for (const token of message) {
    if (typeof token === 'string') continue;
    const [name, type, format] = token;
    into.add(type ? `${name}:${type}` : name);
    if (format && typeof format === 'object') {
      for (const [key, choice] of Object.entries(format)) if (key !== 'offset' && Array.isArray(choice)) argumentsOf(choice as CompiledMessage, into);
    }
  }
  return into;
}

/** The message descriptors of the code (`/*i18n*\/ { id, message }`), as the extractor finds them. */
function descriptorsInCode(): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) {
        if (name !== 'locales') walk(file);
      } else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) {
        const text = readFileSync(file, 'utf8');
        for (const [, id, quoted] of text.matchAll(/\/\*i18n\*\/\s*\{\s*id:\s*'([^']+)',\s*message:\s*('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")/g)) {
          found.set(id, quoted.slice(1, -1).replace(/\\(.)/g, '$1'));
        }
      }
    }
  };
  walk(src);
  return found;
}

describe('the API catalogues', () => {
  it('English holds exactly the messages of the code, word for word', async () => {
    const english = await catalogue('en');
    const code = descriptorsInCode();
    expect(code.size).toBeGreaterThan(0);
    expect(Object.fromEntries([...english].sort())).toEqual(Object.fromEntries([...code].sort()));
  });

  it.each(TRANSLATED)('%s has every English message, translated, with the same placeholders and plurals', async (locale) => {
    const english = await catalogue('en');
    const translated = await catalogue(locale);
    expect([...translated.keys()].sort(), `${locale}: messages that are not English ones`).toEqual([...english.keys()].sort());
    const problems: string[] = [];
    for (const [id, source] of english) {
      const translation = translated.get(id)?.trim();
      if (!translation) {
        problems.push(`${id}: not translated`);
        continue;
      }
      const expected = [...argumentsOf(compileMessageOrThrow(source))].sort();
      let actual: string[];
      try {
        actual = [...argumentsOf(compileMessageOrThrow(translation))].sort();
      } catch (error) {
        problems.push(`${id}: not ICU (${(error as Error).message})`);
        continue;
      }
      if (actual.join() !== expected.join()) problems.push(`${id}: placeholders ${actual.join(', ')} instead of ${expected.join(', ')}`);
    }
    expect(problems).toEqual([]);
  });

  it.each(['en', ...TRANSLATED])('the compiled %s catalogue is the PO file compiled (pnpm --filter @orders-portal/api i18n:compile)', async (locale) => {
    const { messages } = (await import(`./${locale}/messages.ts`)) as { messages: Record<string, unknown> };
    const expected = Object.fromEntries([...(await catalogue(locale))].map(([id, translation]) => [id, compileMessageOrThrow(translation)]));
    expect(messages).toEqual(expected);
  });
});
