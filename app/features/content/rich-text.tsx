import { cloneElement, type ReactElement, type ReactNode } from 'react';
import { signupPath } from '~/platform/auth-paths';
import { useTranslation } from '~/platform/translation';
import { linkClass, TextLink } from '~/ui/link';
import { LEGAL_ENTITY, LEGAL_VALUES } from './legal-entity';

function mailto(address: string) {
  return <a href={`mailto:${address}`} className={linkClass} />;
}

/**
 * The tags a content text may use: `<faq>questions</faq>` becomes a link to /faq. Texts never carry URLs
 * themselves, so a translator cannot send a reader somewhere unexpected.
 */
export const TAGS: Record<string, ReactElement> = {
  strong: <strong className="font-semibold" />,
  code: <code className="bg-muted rounded px-1 py-0.5 font-mono text-[0.9em]" />,
  terms: <TextLink to="/terms" />,
  cookies: <TextLink to="/terms#cookies" />,
  privacy: <TextLink to="/terms#privacy" />,
  mentions: <TextLink to="/mentions" />,
  faq: <TextLink to="/faq" />,
  about: <TextLink to="/about" />,
  partners: <TextLink to="/partners" />,
  pricing: <TextLink to="/pricing" />,
  software: <TextLink to="/software" />,
  co2: <TextLink to="/co2" />,
  signup: <TextLink to={signupPath()} />,
  contactEmail: mailto(LEGAL_ENTITY.contactEmail),
  privacyEmail: mailto(LEGAL_ENTITY.privacyEmail),
  partnersEmail: mailto(LEGAL_ENTITY.partnersEmail),
};

/** A translated text of the `content` namespace, with its links and the publisher's details filled in. */
export function RichText({ i18nKey, ns = 'content' }: { i18nKey: string; ns?: string }) {
  const { t } = useTranslation(ns);
  return <>{withTags(t(i18nKey, LEGAL_VALUES))}</>;
}

const TAGGED = /<([a-zA-Z0-9]+)>([\s\S]*?)<\/\1>/g;

/** `<faq>the questions</faq>` as the element TAGS names, its words inside; other text as it is. */
export function withTags(text: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAGGED)) {
    const [whole, name = '', inner = ''] = match;
    const element = Object.hasOwn(TAGS, name) ? TAGS[name] : undefined;
    if (!element) continue;
    if (match.index > last) nodes.push(text.slice(last, match.index));
    nodes.push(cloneElement(element, { key: nodes.length }, ...withTags(inner)));
    last = match.index + whole.length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}
