import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '#contract/locale';
import { Translator, type Catalog } from '#contract/translator';

/**
 * Plurals are the language's, never "personne(s)": a message that takes a count has its plural forms
 * (`_one`, `_other`, … as i18next writes them), which the one catalog reader (contract/translator.ts) picks
 * by `Intl.PluralRules`. Every such message of every catalog is rendered here with 0, 1 and 2 in both
 * languages, and no visible text writes a plural in parentheses.
 */

const root = path.dirname(new URL(import.meta.url).pathname);
const NAMESPACES = [...new Set(LOCALES.flatMap((locale) => readdirSync(path.join(root, locale))))]
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.slice(0, -'.json'.length));
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function catalogOf(locale: Locale, namespace: string): Catalog {
  return JSON.parse(readFileSync(path.join(root, locale, `${namespace}.json`), 'utf8')) as Catalog;
}

/** Every text of a catalog by its full key. */
function textsOf(catalog: Catalog, prefix = ''): Map<string, string> {
  const texts = new Map<string, string>();
  for (const [key, value] of Object.entries(catalog)) {
    if (typeof value === 'string') texts.set(`${prefix}${key}`, value);
    else textsOf(value, `${prefix}${key}.`).forEach((text, inner) => texts.set(inner, text));
  }
  return texts;
}

/** The messages that take a count: a key written in plural forms, or a text with a `{{count}}` blank. */
function countedMessages(texts: Map<string, string>): Map<string, string[]> {
  const messages = new Map<string, string[]>();
  for (const [key, text] of texts) {
    if (!PLURAL_SUFFIX.test(key) && !/\{\{\s*count\s*\}\}/.test(text)) continue;
    const base = key.replace(PLURAL_SUFFIX, '');
    messages.set(base, [...(messages.get(base) ?? []), text]);
  }
  return messages;
}

function blanksOf(texts: string[]): string[] {
  return [...new Set(texts.flatMap((text) => [...text.matchAll(/\{\{(.+?)\}\}/g)].map((m) => m[1]!.trim())))];
}

describe('plurals', () => {
  it.each(LOCALES.map((locale) => [locale]))(
    'renders every message that takes a count with 0, 1 and 2 in %s, in the form its language wants',
    (locale) => {
      const rules = new Intl.PluralRules(locale);
      let rendered = 0;
      for (const namespace of NAMESPACES) {
        const catalog = catalogOf(locale, namespace);
        const texts = textsOf(catalog);
        const t = new Translator(locale, { [namespace]: catalog }).fixed(namespace);
        for (const [base, variants] of countedMessages(texts)) {
          const plural = [...texts.keys()].some(
            (key) => key !== base && key.replace(PLURAL_SUFFIX, '') === base,
          );
          const others = Object.fromEntries(
            blanksOf(variants)
              .filter((blank) => blank !== 'count')
              .map((blank) => [blank, `«${blank}»`]),
          );
          for (const count of [0, 1, 2]) {
            const where = `${locale} ${namespace}:${base} (${count})`;
            if (plural) {
              const form = `${base}_${rules.select(count)}`;
              expect(
                texts.has(form) || (count === 0 && texts.has(`${base}_zero`)),
                `${where}: no ${form}`,
              ).toBe(true);
            }
            const text = t(base, { ...others, count });
            expect(text, where).not.toMatch(/\{\{|\}\}|undefined|NaN/);
            expect(text, where).not.toBe(base);
            // A `_zero` form, where a message has one, is what 0 reads (the reader prefers it).
            const zero = plural && count === 0 ? texts.get(`${base}_zero`) : undefined;
            const written =
              zero ?? (plural ? texts.get(`${base}_${rules.select(count)}`) : null) ?? texts.get(base) ?? '';
            if (/\{\{\s*count\s*\}\}/.test(written)) expect(text, where).toContain(String(count));
            rendered++;
          }
        }
      }
      expect(rendered).toBeGreaterThan(100);
    },
  );

  it('writes no plural in parentheses in any visible text', () => {
    const found = LOCALES.flatMap((locale) =>
      NAMESPACES.flatMap((namespace) =>
        [...textsOf(catalogOf(locale, namespace))]
          .filter(([, text]) => /\((s|e|es|x)\)/i.test(text))
          .map(([key, text]) => `${locale}/${namespace}:${key}: ${text}`),
      ),
    );
    expect(found).toEqual([]);
  });
});
