import { createInstance } from 'i18next';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next, Trans } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '#contract/locale';
import { serverTranslator } from '~/platform/i18n.server';
import { TranslationProvider } from '~/platform/translation';
import type { Catalog } from '#contract/translator';
import { LEGAL_VALUES } from './legal-entity';
import { RichText, TAGS } from './rich-text';

/** Every text of the `content` namespace renders as react-i18next's <Trans> renders it, links included. */

function textKeys(catalog: Catalog, prefix = ''): string[] {
  return Object.entries(catalog).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : textKeys(value, `${prefix}${key}.`),
  );
}

function inRouter(children: ReactNode) {
  const router = createMemoryRouter([{ path: '*', element: children }]);
  return <RouterProvider router={router} />;
}

describe('rich texts', () => {
  it.each(LOCALES.map((locale) => [locale]))('render every content text as <Trans> does in %s', (locale) => {
    const translator = serverTranslator(locale);
    const catalog = translator.catalog('content') ?? {};
    const i18next = createInstance();
    void i18next.use(initReactI18next).init({
      lng: locale,
      resources: { [locale]: { content: catalog } },
      defaultNS: 'content',
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    // Plural texts are counts, never rich texts.
    const keys = textKeys(catalog).filter((key) => !/_(one|other)$/.test(key));
    const tagged = keys.filter((key) => /<[a-zA-Z]+>/.test(translator.fixed('content')(key)));
    expect(tagged.length).toBeGreaterThan(10);
    for (const key of keys) {
      const ours = renderToStaticMarkup(
        <TranslationProvider translator={translator}>
          {inRouter(<RichText i18nKey={key} />)}
        </TranslationProvider>,
      );
      const reference = renderToStaticMarkup(
        <I18nextProvider i18n={i18next}>
          {inRouter(<Trans ns="content" i18nKey={key} components={TAGS} values={LEGAL_VALUES} />)}
        </I18nextProvider>,
      );
      expect(ours, key).toBe(reference);
    }
  });
});
