import { ChevronDown } from 'lucide-react';
import { useTranslation } from '~/platform/translation';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useNonce } from '~/platform/nonce';
import { ContentPage } from './content-page';
import type { TPublicFaqTopic } from '#contract/site-content';
import { MarkdownBody } from '~/ui/markdown-body';
import { RichText } from './rich-text';

interface FaqGroup {
  id: string;
  title: string;
  items: Array<{ id: string; question: string; answerHtml: string; answerText: string }>;
}

/** schema.org FAQPage, so search engines can show the answers; `<` escaped so no text closes the script. */
function FaqStructuredData({ groups }: { groups: FaqGroup[] }) {
  const nonce = useNonce();
  const data = {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: groups.flatMap((group) =>
      group.items.map((item) => ({
        '@type': 'Question',
        name: item.question,
        acceptedAnswer: { '@type': 'Answer', text: item.answerText },
      })),
    ),
  };
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }}
    />
  );
}

/**
 * One question and its answer, a disclosure (WAI-ARIA's accordion pattern: a heading's button with
 * `aria-expanded`, the answer a region it controls); several may be open at once. Written here rather than with
 * Radix's accordion, which with its collection, presence and slot parts was three quarters of the page's own
 * JavaScript (decision 031).
 */
function FaqItem({ id, item }: { id: string; item: FaqGroup['items'][number] }) {
  const [open, setOpen] = useState(false);
  const buttonId = useId();
  const answerId = useId();
  return (
    <div id={id}>
      <h3 className="m-0">
        <button
          id={buttonId}
          type="button"
          aria-expanded={open}
          aria-controls={answerId}
          onClick={() => setOpen((current) => !current)}
          className="group hover:bg-muted flex w-full items-start justify-between gap-4 rounded-xl px-4 py-4 text-left font-medium"
        >
          <span>{item.question}</span>
          <ChevronDown
            aria-hidden
            className="text-ink-soft mt-0.5 size-5 shrink-0 transition-transform group-aria-expanded:rotate-180"
          />
        </button>
      </h3>
      {/* In the server's HTML even when closed (search, reading before the script runs). */}
      <div
        id={answerId}
        role="region"
        aria-labelledby={buttonId}
        hidden={!open}
        className="text-ink max-w-prose px-4 pb-5 leading-7"
      >
        <MarkdownBody html={item.answerHtml} />
      </div>
    </div>
  );
}

export function FaqPage({ topics }: { topics: TPublicFaqTopic[] }) {
  const { t } = useTranslation('content');
  const groups: FaqGroup[] = topics.map((topic) => ({
    id: topic.topic,
    title: t(`faq.topicTitles.${topic.topic}`),
    items: topic.entries,
  }));
  return (
    <ContentPage title={t('faq.title')} lead={<RichText i18nKey="faq.lead" />}>
      <FaqStructuredData groups={groups} />
      <nav aria-label={t('faq.topics')} className="flex flex-wrap gap-2">
        {groups.map((group) => (
          <Link
            key={group.id}
            to={{ hash: group.id }}
            className="border-line hover:bg-muted rounded-full border px-3 py-1.5 text-sm"
          >
            {group.title}
          </Link>
        ))}
      </nav>
      {groups.map((group) => (
        <section key={group.id} aria-labelledby={group.id} className="mt-10">
          <h2 id={group.id} className="scroll-mt-20 text-2xl font-semibold tracking-tight">
            {group.title}
          </h2>
          <div className="border-line divide-line mt-4 divide-y rounded-xl border">
            {group.items.map((item) => (
              <FaqItem key={item.id} id={`${group.id}-${item.id}`} item={item} />
            ))}
          </div>
        </section>
      ))}
    </ContentPage>
  );
}
