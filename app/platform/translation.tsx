import { createContext, use, useContext, type ReactNode } from 'react';
import { loadNamespacesOf } from './i18n';
import { DEFAULT_NAMESPACE, type Translate, type Translator } from '#contract/translator';

/**
 * Components read their words here (`const { t } = useTranslation(namespace)`). The translator of the page's
 * language comes from TranslationProvider (entry.server.tsx, entry.client.tsx); a component naming a
 * namespace the browser has not loaded yet suspends until it is there.
 */
const TranslatorContext = createContext<Translator | null>(null);

export function TranslationProvider({
  translator,
  children,
}: {
  translator: Translator;
  children: ReactNode;
}) {
  return <TranslatorContext value={translator}>{children}</TranslatorContext>;
}

export interface Translation {
  /** Keys without a `namespace:` prefix are looked for in the namespaces named, in order. */
  t: Translate;
  /** The translator: its `language`, its catalogs. */
  i18n: Translator;
}

export function useTranslation(namespaces: string | readonly string[] = DEFAULT_NAMESPACE): Translation {
  const translator = useContext(TranslatorContext);
  if (!translator) throw new Error('useTranslation outside TranslationProvider');
  const list = typeof namespaces === 'string' ? [namespaces] : namespaces;
  if (list.some((namespace) => !translator.has(namespace))) use(loadNamespacesOf(translator, list));
  return { t: translator.fixed(list), i18n: translator };
}
