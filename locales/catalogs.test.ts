import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '#contract/locale';

const root = path.dirname(new URL(import.meta.url).pathname);

function keysOf(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
  }
  return [prefix];
}

function catalog(locale: string, namespace: string): unknown {
  return JSON.parse(readFileSync(path.join(root, locale, namespace), 'utf8'));
}

describe('translation catalogs', () => {
  const namespaces = new Set(LOCALES.flatMap((locale) => readdirSync(path.join(root, locale))));

  it.each([...namespaces].map((namespace) => [namespace]))(
    '%s has the same keys in every language',
    (namespace) => {
      const [first, ...others] = LOCALES.map((locale) => keysOf(catalog(locale, namespace)).sort());
      for (const keys of others) expect(keys).toEqual(first);
    },
  );

  it.each([...namespaces].map((namespace) => [namespace]))('%s has no empty string', (namespace) => {
    for (const locale of LOCALES) {
      const empty = keysOf(catalog(locale, namespace)).filter((key) => {
        const value = key
          .split('.')
          .reduce<unknown>(
            (node, part) => (node as Record<string, unknown>)[part],
            catalog(locale, namespace),
          );
        return typeof value !== 'string' || value.trim() === '';
      });
      expect(empty, `${locale}/${namespace}`).toEqual([]);
    }
  });
});
