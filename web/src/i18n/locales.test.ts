import { describe, expect, it } from 'vitest';
import { chooseLanguage, languageOfTag } from './locales';

describe('the language the app speaks', () => {
  it("is the person's own choice first, whatever the browser or the company say", () => {
    expect(chooseLanguage({ language: 'lv', companyLanguage: 'sv' }, ['fi-FI', 'en'])).toBe('lv');
  });

  it("is else the first of the browser's languages the portal has, by its language subtag", () => {
    expect(chooseLanguage({ language: null, companyLanguage: 'sv' }, ['de-DE', 'fi-FI', 'en'])).toBe('fi');
    expect(chooseLanguage({ language: null, companyLanguage: 'sv' }, ['sv-FI'])).toBe('sv');
  });

  it('takes any written Norwegian (no, nb, nn) as Bokmål', () => {
    expect(['no', 'nb-NO', 'nn-NO', 'no_NO'].map(languageOfTag)).toEqual(['nb', 'nb', 'nb', 'nb']);
  });

  it("is else the company's default, and English when nothing is known", () => {
    expect(chooseLanguage({ language: null, companyLanguage: 'nb' }, ['de-DE', 'pl'])).toBe('nb');
    expect(chooseLanguage({}, [])).toBe('en');
  });
});
