import { Fragment } from 'react';
import { useTranslation } from '~/platform/translation';
import { Link } from 'react-router';
import { RichText } from './rich-text';

/**
 * A long text kept in the catalog as `{ <sectionId>: { title, body: { p1, item1, item2, p2 } } }`: the
 * section ids become anchors (`/terms#cookies`), `p…` keys paragraphs and consecutive `item…` keys a list.
 * Both languages have the same keys (a test checks it), so the order is the catalog's.
 */
interface Section {
  id: string;
  title: string;
  blocks: Array<{ kind: 'paragraph'; key: string } | { kind: 'list'; keys: string[] }>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function useContentSections(base: string): Section[] {
  const { t } = useTranslation('content');
  const tree: unknown = t(base, { returnObjects: true });
  if (!isRecord(tree)) return [];
  return Object.entries(tree).flatMap(([id, section]) => {
    if (!isRecord(section) || typeof section.title !== 'string' || !isRecord(section.body)) return [];
    const blocks: Section['blocks'] = [];
    for (const key of Object.keys(section.body)) {
      const path = `${base}.${id}.body.${key}`;
      const last = blocks.at(-1);
      if (!key.startsWith('item')) blocks.push({ kind: 'paragraph', key: path });
      else if (last?.kind === 'list') last.keys.push(path);
      else blocks.push({ kind: 'list', keys: [path] });
    }
    return [{ id, title: section.title, blocks }];
  });
}

export function SectionBody({ section }: { section: Section }) {
  return (
    <>
      {section.blocks.map((block) =>
        block.kind === 'paragraph' ? (
          <p key={block.key}>
            <RichText i18nKey={block.key} />
          </p>
        ) : (
          <ul key={block.keys[0]}>
            {block.keys.map((key) => (
              <li key={key}>
                <RichText i18nKey={key} />
              </li>
            ))}
          </ul>
        ),
      )}
    </>
  );
}

/** Every section of a text, each an `h2` with its anchor. */
export function ContentSections({ sections }: { sections: Section[] }) {
  return (
    <>
      {sections.map((section) => (
        <Fragment key={section.id}>
          <h2 id={section.id}>{section.title}</h2>
          <SectionBody section={section} />
        </Fragment>
      ))}
    </>
  );
}

/** "On this page": links to each section of a long text. */
export function TableOfContents({ sections, label }: { sections: Section[]; label: string }) {
  return (
    <nav aria-label={label} className="border-line bg-muted rounded-xl border p-4 sm:p-5">
      <p className="text-sm font-semibold">{label}</p>
      <ol className="mt-2 gap-x-6 text-sm sm:columns-2 [&>li]:mb-1 [&>li]:break-inside-avoid">
        {sections.map((section) => (
          <li key={section.id}>
            {/* A router link, so the jump follows the scroll rules (1000 ms, then 64 px above the title). */}
            <Link to={{ hash: section.id }} className="text-primary-ink underline-offset-2 hover:underline">
              {section.title}
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}
