/**
 * The web app's catalogues are whole (issue 43, "Nothing left untranslated"): every language has every message of
 * the English source, each translation keeps the English message's placeholders, plural and select arguments and
 * tags, the English catalogue holds exactly the messages the code asks for (extraction is up to date), and the list
 * of folders not converted yet names only existing paths. A visible string written outside the catalogue is the lint
 * rule's (`lingui/no-unlocalized-strings`, eslint.config.js).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { getConfig } from '@lingui/conf';
import { getCatalogs } from '@lingui/cli/api';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { PENDING_I18N } from '../../web/i18n-pending.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const config = getConfig({ configPath: `${root}web/lingui.config.ts`, skipValidation: true });
const TRANSLATIONS = ['sv', 'fi', 'nb', 'lv'];

type Catalogue = Record<string, { message?: string; translation?: string; obsolete?: boolean }>;
/** The shell's catalogue and each feature's own (lingui.config.ts): every check holds for each of them. */
const named = (await getCatalogs(config)).map((catalog) => ({ catalog, name: catalog.path.replace(`${root}web/`, '') }));
let catalogues: Map<string, Record<string, Catalogue>>;

beforeAll(async () => {
  catalogues = new Map(await Promise.all(named.map(async ({ catalog, name }) => [name, (await catalog.readAll()) as Record<string, Catalogue>] as const)));
});

/** A compiled message: text and arguments; an argument is `[name]`, or `[name, type, forms]` for plural and select. */
type Node = string | [string, string?, Record<string, string | Node[]>?];
/** What a message takes and shows: its arguments (with their plural/select type) and its tags, sorted. */
function shape(message: string): string[] {
  const found = new Set<string>();
  const walk = (nodes: string | Node[]) => {
    for (const node of typeof nodes === 'string' ? [nodes] : nodes) {
      if (typeof node === 'string') {
        for (const tag of node.match(/<\/?\d+\/?>/g) ?? []) found.add(`tag ${tag}`);
        continue;
      }
      const [name, type, forms] = node;
      found.add(type ? `${type} ${name}` : `argument ${name}`);
      for (const [key, form] of Object.entries(forms ?? {})) if (key !== 'offset' && form !== undefined) walk(form);
    }
  };
  walk(compileMessage(message) as string | Node[]);
  return [...found].sort();
}

const englishMessages = (name: string) => Object.entries(catalogues.get(name)!.en!).filter(([, entry]) => !entry.obsolete);

describe("the web app's catalogues", () => {
  it('English has messages, and every language has a translation of each', () => {
    expect(named.length).toBeGreaterThan(1);
    expect(named.reduce((count, { name }) => count + englishMessages(name).length, 0)).toBeGreaterThan(100);
    for (const { name } of named) {
      expect(englishMessages(name).length, `${name} is empty`).toBeGreaterThan(0);
      for (const locale of TRANSLATIONS) {
        const missing = englishMessages(name)
          .filter(([id]) => !catalogues.get(name)![locale]?.[id]?.translation?.trim())
          .map(([, entry]) => entry.message);
        expect(missing, `${name}: ${locale} lacks these messages`).toEqual([]);
      }
    }
  });

  it("each translation has exactly the English message's placeholders, plural and select arguments and tags", () => {
    for (const { name } of named) {
      for (const locale of TRANSLATIONS) {
        for (const [id, entry] of englishMessages(name)) {
          const translation = catalogues.get(name)![locale]?.[id]?.translation;
          if (!translation) continue; // the test above names it
          expect(shape(translation), `${name}: ${locale}: "${translation}" for "${entry.message}"`).toEqual(shape(entry.message ?? id));
        }
      }
    }
  });

  // The features' catalogues join one table of messages at run time, in the order screens load them: a message two
  // catalogues translate differently would read one way or the other by that order. A word that means two things
  // (the button 'Order' and a column 'Order') takes a context in the code, which makes it another message.
  it('a message in several catalogues reads the same in each, in every language', () => {
    for (const locale of TRANSLATIONS) {
      const readings = new Map<string, Map<string, string[]>>();
      for (const { name } of named) {
        for (const [id, entry] of Object.entries(catalogues.get(name)![locale] ?? {})) {
          if (entry.obsolete || !entry.translation) continue;
          const byText = readings.get(id) ?? new Map<string, string[]>();
          byText.set(entry.translation, [...(byText.get(entry.translation) ?? []), name]);
          readings.set(id, byText);
        }
      }
      const differing = [...readings].filter(([, byText]) => byText.size > 1).map(([id, byText]) => `${id}: ${JSON.stringify(Object.fromEntries(byText))}`);
      expect(differing, locale).toEqual([]);
    }
  });

  it('no message hides a placeholder behind a lone apostrophe (ICU reads it as an escape; a quote is written twice)', () => {
    for (const { name } of named) {
      for (const locale of ['en', ...TRANSLATIONS]) {
        const hiding = Object.entries(catalogues.get(name)![locale] ?? {})
          .map(([id, entry]) => (locale === 'en' ? (entry.message ?? id) : entry.translation) ?? '')
          .filter((message) => /(^|[^'])'[{#|]/.test(message));
        expect(hiding, `${name}: ${locale}`).toEqual([]);
      }
    }
  });

  it('the English catalogue holds exactly the messages the code asks for (run `pnpm -C web i18n:extract`)', { timeout: 120_000 }, async () => {
    for (const { catalog, name } of named) {
      const extracted = (await catalog.collect()) ?? {};
      const inCatalogue = new Map(englishMessages(name));
      const notExtracted = Object.entries(extracted).filter(([id]) => !inCatalogue.has(id)).map(([id, entry]) => entry.message ?? id);
      const notInCode = [...inCatalogue].filter(([id]) => !(id in extracted)).map(([id, entry]) => entry.message ?? id);
      expect({ name, notExtracted, notInCode }).toEqual({ name, notExtracted: [], notInCode: [] });
    }
  });

  // A file left out of every catalogue extracts nowhere: the built app would show its messages' ids.
  it('every module that speaks is in exactly one catalogue', () => {
    const speaking = readdirSync(`${root}web/src`, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test(-utils)?\.|(^|\/)test\//.test(file))
      .map((file) => `${root}web/src/${file}`)
      .filter((file) => /@lingui\/(core|react)\/macro/.test(readFileSync(file, 'utf8')));
    expect(speaking.length).toBeGreaterThan(100);
    const catalogueOf = new Map<string, string[]>();
    for (const { catalog, name } of named) for (const file of catalog.sourcePaths) catalogueOf.set(file, [...(catalogueOf.get(file) ?? []), name]);
    const notInOne = speaking.filter((file) => catalogueOf.get(file)?.length !== 1).map((file) => `${file.replace(root, '')}: ${JSON.stringify(catalogueOf.get(file) ?? [])}`);
    expect(notInOne).toEqual([]);
  });

  it('lists only existing code as not converted yet', () => {
    for (const pending of PENDING_I18N) {
      const path = pending.replace(/\/\*\*$/, '');
      expect(existsSync(`${root}${path}`), `${pending} names nothing`).toBe(true);
    }
  });
});
