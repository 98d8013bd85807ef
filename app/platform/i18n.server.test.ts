import { describe, expect, it } from 'vitest';
import { LOCALES } from '#contract/locale';
import { NAMESPACES } from './i18n';
import { serverTranslator } from './i18n.server';

/** What the server renders pages with: every page namespace, and none of the server's own (`mail`). */
describe('the pages’ translators on the server', () => {
  it('has every page namespace in both languages, and no server-only one', () => {
    for (const locale of LOCALES) {
      const translator = serverTranslator(locale);
      expect(translator.namespaces().sort()).toEqual([...NAMESPACES].sort());
      expect(translator.has('mail')).toBe(false);
    }
  });
});
