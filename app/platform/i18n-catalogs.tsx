import { useState } from 'react';
import { useTranslation } from '~/platform/translation';
import { useMatches } from 'react-router';
import { isLocale, DEFAULT_LOCALE } from '#contract/locale';
import { useNonce } from './nonce';
import {
  CATALOGS_SCRIPT_ID,
  DOCUMENT_NAMESPACES,
  type I18nHandle,
  type InlineCatalogs,
  type Namespace,
} from './i18n';

// The same language and namespaces give the same text: made once on the server, not at every render.
const serialised = new Map<string, string>();

function isI18nHandle(handle: unknown): handle is I18nHandle {
  return Boolean(handle && typeof handle === 'object' && Array.isArray((handle as I18nHandle).i18n));
}

/**
 * The page's catalogs, inline: its language only, the document's namespaces and its routes'. The browser's
 * translator starts from them (app/platform/i18n-browser.tsx), so the page hydrates with no request for words.
 * Written once by the server; the browser keeps the same text (later pages load their own namespaces).
 */
export function I18nCatalogs() {
  const matches = useMatches();
  const { i18n } = useTranslation();
  const nonce = useNonce();
  const [json] = useState(() => {
    if (typeof document !== 'undefined')
      return document.getElementById(CATALOGS_SCRIPT_ID)?.textContent ?? '';
    const locale = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
    const namespaces = new Set<Namespace>(DOCUMENT_NAMESPACES);
    for (const match of matches)
      if (isI18nHandle(match.handle)) match.handle.i18n.forEach((ns) => namespaces.add(ns));
    const key = `${locale}:${[...namespaces].sort().join(',')}`;
    const known = serialised.get(key);
    if (known !== undefined) return known;
    const inline: InlineCatalogs = { locale, catalogs: {} };
    for (const namespace of namespaces) inline.catalogs[namespace] = i18n.catalog(namespace) ?? {};
    // Inside <script>, "<" is the only character that could end it early.
    const text = JSON.stringify(inline).replace(/</g, '\\u003c');
    serialised.set(key, text);
    return text;
  });
  return (
    <script
      id={CATALOGS_SCRIPT_ID}
      type="application/json"
      // Data, never run; the nonce keeps every inline script of the page under the policy's one rule.
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}
