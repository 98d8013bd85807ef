import type { MetaDescriptor } from 'react-router';
import { DEFAULT_LOCALE } from '#contract/locale';
import type { RootData } from './root-data';

type Matches = ReadonlyArray<{ id: string; data?: unknown } | undefined>;

const OG_LOCALE = { fr: 'fr_FR', en: 'en_GB' } as const;

export interface SeoFields {
  /** The page's own title; " · Escale" is added. */
  title: string;
  description: string;
  /** Path of the page's one canonical URL (a space by slug, not by id). */
  path: string;
  /** Path or URL of an image for link previews. */
  image?: string | null;
  type?: 'website' | 'place' | 'article';
}

/** The public origin the server is configured with (`BASE_URL`), never the request's host. */
export function baseUrlOf(matches: Matches): string {
  const root = matches.find((match) => match?.id === 'root')?.data as RootData | undefined;
  return root?.baseUrl ?? '';
}

export function absoluteUrl(matches: Matches, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${baseUrlOf(matches)}${pathOrUrl}`;
}

/** Title, description, canonical link and OpenGraph tags of a public page. */
export function seoMeta(matches: Matches, fields: SeoFields): MetaDescriptor[] {
  const root = matches.find((match) => match?.id === 'root')?.data as RootData | undefined;
  const title = `${fields.title} · Escale`;
  const url = absoluteUrl(matches, fields.path);
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: fields.description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: 'Escale' },
    { property: 'og:type', content: fields.type ?? 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: fields.description },
    { property: 'og:url', content: url },
    { property: 'og:locale', content: OG_LOCALE[root?.locale ?? DEFAULT_LOCALE] },
  ];
  if (fields.image) {
    tags.push(
      { property: 'og:image', content: absoluteUrl(matches, fields.image) },
      { name: 'twitter:card', content: 'summary_large_image' },
    );
  }
  return tags;
}

/** A description cut at a word boundary to the length search engines show (about 160 characters). */
export function shortDescription(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).replace(/[\s,;:.]+$/, '')}…`;
}
