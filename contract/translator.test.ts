import { createInstance, type i18n as I18n } from 'i18next';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from './locale';
import { Translator, type Catalog, type TranslateOptions } from './translator';

/**
 * The one catalog reader (translator.ts) against i18next, which the catalogs are written for: every key of
 * every catalog (the pages', the e-mails' `mail`, the activity log's), in both languages, with its blanks
 * filled, left out or emptied, and every plural count, reads the same. A catalog using an i18next feature
 * the reader lacks fails here.
 */

const files = import.meta.glob<Catalog>('../locales/*/*.json', { eager: true, import: 'default' });
const NAMESPACES = [...new Set(Object.keys(files).map((file) => /\/([^/]+)\.json$/.exec(file)![1]!))].sort();

function catalogsOf(locale: Locale): Record<string, Catalog> {
  const catalogs: Record<string, Catalog> = {};
  for (const namespace of NAMESPACES) {
    const catalog = files[`../locales/${locale}/${namespace}.json`];
    if (catalog) catalogs[namespace] = catalog;
  }
  return catalogs;
}

function reference(locale: Locale, fallbackLng: Locale | false = false): I18n {
  const instance = createInstance();
  void instance.init({
    lng: locale,
    fallbackLng,
    defaultNS: 'common',
    ns: [...NAMESPACES],
    resources: Object.fromEntries(LOCALES.map((each) => [each, catalogsOf(each)])),
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}

/** Every text's key (plural forms under their base key, once) and every subtree's, with the texts. */
function keysOf(catalog: Catalog, prefix = ''): { texts: Map<string, string[]>; trees: string[] } {
  const texts = new Map<string, string[]>();
  const trees: string[] = [];
  for (const [key, value] of Object.entries(catalog)) {
    const path = `${prefix}${key}`;
    if (typeof value === 'string') {
      const base = path.replace(/_(zero|one|two|few|many|other)$/, '');
      texts.set(base, [...(texts.get(base) ?? []), value]);
    } else {
      trees.push(path);
      const inner = keysOf(value, `${path}.`);
      inner.texts.forEach((values, base) => texts.set(base, [...(texts.get(base) ?? []), ...values]));
      trees.push(...inner.trees);
    }
  }
  return { texts, trees };
}

function blanksOf(texts: string[]): string[] {
  return [...new Set(texts.flatMap((text) => [...text.matchAll(/\{\{(.+?)\}\}/g)].map((m) => m[1]!.trim())))];
}

/** The option sets each key is read with. */
function optionSets(blanks: string[], plural: boolean): TranslateOptions[] {
  // `count` is a number wherever pages pass it (TranslateOptions says so).
  const filled = Object.fromEntries(
    blanks.map((blank) => [blank, blank === 'count' ? 3 : `«${blank}» <b>&`]),
  );
  const sets: TranslateOptions[] = [{}, filled];
  if (blanks.length) {
    const others = blanks.filter((blank) => blank !== 'count');
    sets.push(Object.fromEntries(others.map((blank) => [blank, undefined])));
    sets.push(Object.fromEntries(others.map((blank) => [blank, 42])));
    sets.push(Object.fromEntries(others.slice(1).map((blank) => [blank, 'x'])));
  }
  if (plural || blanks.includes('count'))
    for (const count of [0, 1, 2, 5, 21, 1.5]) sets.push({ ...filled, count });
  return sets;
}

describe('the catalog reader reads the catalogs as i18next does', () => {
  it.each(LOCALES.map((locale) => [locale]))('every key of every namespace in %s', (locale) => {
    const i18next = reference(locale);
    const ours = new Translator(locale, catalogsOf(locale)).fixed();
    let compared = 0;
    for (const namespace of NAMESPACES) {
      const { texts } = keysOf(catalogsOf(locale)[namespace] ?? {});
      for (const [key, values] of texts) {
        const plural = values.length > 1 || /_(one|other)$/.test(key);
        for (const options of optionSets(blanksOf(values), plural)) {
          const full = `${namespace}:${key}`;
          expect(ours(full, options), `${locale} ${full} ${JSON.stringify(options)}`).toBe(
            i18next.t(full, options),
          );
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(2000);
    expect(NAMESPACES).toContain('mail');
  });

  it('looks for a key without prefix in each namespace named, in order, and in `ns` when given', () => {
    const locale: Locale = 'fr';
    const i18next = reference(locale);
    const translator = new Translator(locale, catalogsOf(locale));
    for (const list of [
      ['formulas', 'common'],
      ['events', 'formulas'],
      ['invoices', 'common', 'auth'],
      ['content'],
    ]) {
      const t = translator.fixed(list);
      const reader = i18next.getFixedT(locale, list);
      for (const namespace of list) {
        for (const key of [...keysOf(catalogsOf(locale)[namespace] ?? {}).texts.keys()].slice(0, 40)) {
          expect(t(key), `${list.join(',')} ${key}`).toBe(reader(key));
          expect(t(key, { ns: 'common' }), key).toBe(reader(key, { ns: 'common' }));
        }
      }
    }
  });

  it('answers a missing key with the key, or its default value, blanks filled', () => {
    const locale: Locale = 'en';
    const i18next = reference(locale);
    const t = new Translator(locale, catalogsOf(locale)).fixed(['spaces']);
    const reader = i18next.getFixedT(locale, ['spaces']);
    for (const [key, options] of [
      ['no.such.key', {}],
      ['common:no.such', {}],
      ['validation.nope', { defaultValue: 'Invalid {{field}}', field: 'name' }],
      ['nope', { count: 2 }],
      // Sentences (a server's message, say) are not `namespace:key`.
      ['Invalid input: expected string', {}],
      ['Erreur, réessayez : {{n}} fois', { n: 2 }],
      ['errors.unknown: detail', {}],
      ['spaces:no such thing, really', {}],
    ] as const) {
      expect(t(key, options)).toBe(reader(key, options));
    }
  });

  it('gives a subtree as the catalog has it with returnObjects', () => {
    const locale: Locale = 'fr';
    const i18next = reference(locale);
    const translator = new Translator(locale, catalogsOf(locale));
    const { trees } = keysOf(catalogsOf(locale).content ?? {});
    expect(trees.length).toBeGreaterThan(10);
    for (const tree of trees) {
      expect(translator.translate(['content'], tree, { returnObjects: true }), tree).toEqual(
        i18next.t(`content:${tree}`, { returnObjects: true }),
      );
      expect(translator.fixed('content')(tree)).toBe(i18next.t(`content:${tree}`));
    }
  });

  it('reads a key its language lacks in the fallback language, as i18next’s fallbackLng does', () => {
    const french = new Translator('fr', { mail: { only: { fr: 'Seulement {{what}}' }, both: 'Les deux' } });
    const english = new Translator('en', { mail: { both: 'Both' } }, french);
    const i18next = createInstance();
    void i18next.init({
      lng: 'en',
      fallbackLng: 'fr',
      ns: ['mail'],
      defaultNS: 'mail',
      resources: {
        fr: { mail: { only: { fr: 'Seulement {{what}}' }, both: 'Les deux' } },
        en: { mail: { both: 'Both' } },
      },
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    const t = english.fixed('mail');
    for (const [key, options] of [
      ['both', {}],
      ['only.fr', { what: 'ceci' }],
      ['only.fr', {}],
      ['nowhere', {}],
      ['nowhere', { defaultValue: 'D {{what}}', what: 'x' }],
    ] as const) {
      expect(t(key, options), key).toBe(i18next.t(key, options));
    }
    // Every e-mail key reads the same with and without a fallback: both languages have them all.
    const mail = keysOf(catalogsOf('en').mail ?? {}).texts;
    const withFallback = new Translator('en', catalogsOf('en'), new Translator('fr', catalogsOf('fr'))).fixed(
      'mail',
    );
    const plain = new Translator('en', catalogsOf('en')).fixed('mail');
    for (const key of mail.keys()) expect(withFallback(key)).toBe(plain(key));
  });
});
