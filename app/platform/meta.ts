import type { MetaDescriptor } from 'react-router';
import { DEFAULT_LOCALE, type Locale } from '#contract/locale';
import { translatorFor as translatorOf } from './i18n';
import type { RootData } from './root-data';

type Matches = ReadonlyArray<{ id: string; data?: unknown } | undefined>;

export function localeOfMatches(matches: Matches): Locale {
  const root = matches.find((match) => match?.id === 'root')?.data as RootData | undefined;
  return root?.locale ?? DEFAULT_LOCALE;
}

/** Translates outside React, in the page's language as the root loader decided it. */
export function translatorFor(matches: Matches) {
  return translatorOf(localeOfMatches(matches));
}

/** A route's `meta` when its title and description are catalog texts: `export const meta = pageMeta(…)`. */
export function pageMeta(titleKey: string, descriptionKey: string) {
  return ({ matches }: { matches: Matches }) => pageTitle(matches, titleKey, descriptionKey);
}

/** `<title>` and description of a page from translation keys: "Title · Escale". */
export function pageTitle(
  matches: Matches,
  titleKey: string,
  descriptionKey?: string,
  values?: Record<string, unknown>,
): MetaDescriptor[] {
  const t = translatorFor(matches);
  const title = `${t(titleKey, values)} · Escale`;
  const tags: MetaDescriptor[] = [{ title }, { property: 'og:title', content: title }];
  if (descriptionKey) {
    const description = t(descriptionKey, values);
    tags.push(
      { name: 'description', content: description },
      { property: 'og:description', content: description },
    );
  }
  return tags;
}
