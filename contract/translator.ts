import type { Locale } from '#contract/locale';

/**
 * The one reader of the catalogs (locales/<locale>/<namespace>.json): pages on the server and in the browser
 * (app/platform/i18n*.ts), e-mails and invoice PDFs (server/platform/translations.ts) and the activity log's
 * sentences, on the page and in its CSV (contract/activity-sentence.ts).
 *
 * The catalogs are written in i18next's format, and this small reader does what they use of it and nothing
 * else: nested keys, a `namespace:` prefix, `{{name}}` blanks, `count` plurals (`_one`, `_other`, … by
 * `Intl.PluralRules`, `_zero` for 0 when written), `defaultValue`, `returnObjects`, and a fallback language
 * for a key a catalog lacks. It keeps i18next's 21 KiB out of every page's first load and builds no options
 * object per call (decisions 004 and 018). translator.test.ts checks that every key of every catalog, the
 * e-mails' included, reads here as i18next reads it.
 */

/** A catalog: nested objects whose leaves are the texts. */
export interface Catalog {
  readonly [key: string]: string | Catalog;
}

/** What a text may need: blanks' values, `count` (plurals), and i18next's options the pages use. */
export interface TranslateOptions {
  count?: number;
  /** The namespace(s) to read instead of the caller's. */
  ns?: string | readonly string[];
  /** Returned (its blanks filled) when no catalog has the key. */
  defaultValue?: string;
  /** Return a key's subtree as it is in the catalog rather than a text. */
  returnObjects?: boolean;
  [blank: string]: unknown;
}

/** A translation function: a key (with an optional `namespace:` prefix) and what its text needs. */
export type Translate = (key: string, options?: TranslateOptions) => string;

const BLANK = /\{\{(.+?)\}\}/g;
// i18next reads a key holding one of these (a sentence, say) as text, not as `namespace:path`, unless what
// comes before its first dot holds none.
const NATURAL_LANGUAGE = /[ ,?!;]/;
const NAMESPACE_SEPARATOR = ':';
const KEY_SEPARATOR = '.';

function lookUp(catalog: Catalog | undefined, key: string): string | Catalog | undefined {
  let node: string | Catalog | undefined = catalog;
  for (const part of key.split(KEY_SEPARATOR)) {
    if (node === undefined || typeof node === 'string' || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return node;
}

function valueOf(options: TranslateOptions, path: string): unknown {
  let value: unknown = options;
  for (const part of path.split(KEY_SEPARATOR)) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

function looksLikePath(key: string): boolean {
  if (!NATURAL_LANGUAGE.test(key)) return true;
  const dot = key.indexOf(KEY_SEPARATOR);
  return dot > 0 && !NATURAL_LANGUAGE.test(key.slice(0, dot));
}

/** Fills `{{name}}` blanks; a blank with no such option stays as written, one set to nothing is emptied. */
function fill(text: string, options: TranslateOptions | undefined): string {
  if (!options || !text.includes('{{')) return text;
  return text.replace(BLANK, (blank, inner: string) => {
    const name = inner.trim().replace(/^-\s*/, '');
    const value = valueOf(options, name);
    if (value !== undefined) return value === null ? '' : String(value as string | number);
    return Object.hasOwn(options, name) ? '' : blank;
  });
}

/**
 * A language's catalogs, by namespace; `fixed` gives the translation function a component uses. A key none
 * of them has is read from `fallback` (another language's translator) when there is one, as i18next's
 * `fallbackLng` does; pages have none (their catalogs hold every key in both languages).
 */
export class Translator {
  private readonly plurals: Intl.PluralRules;
  private readonly fixedCache = new Map<string, Translate>();

  constructor(
    readonly language: Locale,
    private readonly catalogs: Record<string, Catalog | undefined> = {},
    private readonly fallback?: Translator,
  ) {
    this.plurals = new Intl.PluralRules(language);
  }

  has(namespace: string): boolean {
    return this.catalogs[namespace] !== undefined;
  }

  /** A namespace's catalog, as loaded. */
  catalog(namespace: string): Catalog | undefined {
    return this.catalogs[namespace];
  }

  add(namespace: string, catalog: Catalog) {
    this.catalogs[namespace] = catalog;
  }

  /** The namespaces held. */
  namespaces(): string[] {
    return Object.keys(this.catalogs).filter((namespace) => this.has(namespace));
  }

  /**
   * The translation function of `namespaces` (a key without a prefix is looked for in each, in order),
   * made once per list: components get the same function at every render.
   */
  fixed(namespaces: string | readonly string[] = DEFAULT_NAMESPACE): Translate {
    const list = typeof namespaces === 'string' ? [namespaces] : namespaces;
    const id = list.join(',');
    let translate = this.fixedCache.get(id);
    if (!translate) {
      translate = (key, options) => this.translate(list, key, options) as string;
      this.fixedCache.set(id, translate);
    }
    return translate;
  }

  /** A text, or with `returnObjects` the key's subtree (i18next's `t`). */
  translate(namespaces: readonly string[], fullKey: string, options?: TranslateOptions): unknown {
    let key = fullKey;
    let within =
      options?.ns === undefined ? namespaces : typeof options.ns === 'string' ? [options.ns] : options.ns;
    if (key.includes(NAMESPACE_SEPARATOR) && looksLikePath(key)) {
      const [prefix = '', ...rest] = key.split(NAMESPACE_SEPARATOR);
      within = [prefix];
      key = rest.join(KEY_SEPARATOR);
    }
    const found = this.find(within, key, options?.count);
    if (found === undefined && this.fallback) return this.fallback.translate(within, key, options);
    if (found !== undefined && typeof found !== 'string') {
      if (options?.returnObjects) return found;
      return `key '${key} (${this.language})' returned an object instead of string.`;
    }
    return fill(found ?? options?.defaultValue ?? key, options);
  }

  private find(namespaces: readonly string[], key: string, count: number | undefined) {
    // The most precise form first: `_zero` for 0 (when written), the language's plural form, the key.
    const keys =
      count === undefined
        ? [key]
        : [...(count === 0 ? [`${key}_zero`] : []), `${key}_${this.plurals.select(count)}`, key];
    for (const namespace of namespaces) {
      const catalog = this.catalogs[namespace];
      for (const candidate of keys) {
        const found = lookUp(catalog, candidate);
        if (found !== undefined) return found;
      }
    }
    return undefined;
  }
}

/** The namespace of a key without prefix when a component names none. */
export const DEFAULT_NAMESPACE = 'common';
