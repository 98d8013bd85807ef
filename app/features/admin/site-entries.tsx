import type { ReactNode } from 'react';
import { useTranslation } from '~/platform/translation';
import { localizedText } from '#contract/localized';
import { useLocale } from '~/platform/use-locale';
import { Button } from '~/ui/button';
import { cn } from '~/ui/cn';
import { Checkbox, Input, Textarea } from '~/ui/field';

/**
 * The pieces of the admin's editors for the entries of a public page that the admin orders and writes in both
 * languages (the FAQ's questions, the partners' blocks). Each editor's words are under its `section` of the
 * admin catalogue: `<section>.fields.*`, `add`, `hidden`, `confirmDelete`, `deletedToast`.
 */
export type SiteEntrySection = 'faq' | 'partners';

/** What every such entry has: its place on the page and whether it shows there. */
interface Placed {
  position: number;
  published: boolean;
}

/** Its group on the page (the select given as `children`), its position, and whether it is published. */
export function PlacementFields({
  section,
  values,
  onChange,
  positionError,
  children,
}: {
  section: SiteEntrySection;
  values: Placed;
  onChange: { (key: 'position', value: number): void; (key: 'published', value: boolean): void };
  positionError: string | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      {children}
      <Input
        type="number"
        min={0}
        max={9999}
        label={t(`${section}.fields.position`)}
        hint={t(`${section}.fields.positionHint`)}
        value={String(values.position)}
        onChange={(e) => onChange('position', Number(e.target.value))}
        error={positionError}
      />
      <Checkbox
        className="sm:mt-7"
        label={t(`${section}.fields.published`)}
        checked={values.published}
        onChange={(e) => onChange('published', e.target.checked)}
      />
    </div>
  );
}

const LANGUAGES = [
  { lang: 'fr', suffix: 'Fr' },
  { lang: 'en', suffix: 'En' },
] as const;

type BilingualKey<T extends string, B extends string> = `${T | B}${'Fr' | 'En'}`;

/** A title and a text in French beside the same in English (`questionFr`, `answerFr`, `questionEn`, …). */
export function BilingualFields<T extends string, B extends string>({
  section,
  title,
  text,
  values,
  onChange,
  errorOf,
}: {
  section: SiteEntrySection;
  title: T;
  text: B;
  values: Record<BilingualKey<T, B>, string>;
  onChange: (key: BilingualKey<T, B>, value: string) => void;
  errorOf: (field: string) => string | undefined;
}) {
  const { t } = useTranslation('admin');
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {LANGUAGES.map(({ lang, suffix }) => {
        const titleKey: BilingualKey<T, B> = `${title}${suffix}`;
        const textKey: BilingualKey<T, B> = `${text}${suffix}`;
        return (
          <div key={lang} className="flex flex-col gap-4" lang={lang}>
            <Input
              label={t(`${section}.fields.${titleKey}`)}
              value={values[titleKey]}
              onChange={(e) => onChange(titleKey, e.target.value)}
              error={errorOf(titleKey)}
              required
            />
            <Textarea
              label={t(`${section}.fields.${textKey}`)}
              rows={5}
              value={values[textKey]}
              onChange={(e) => onChange(textKey, e.target.value)}
              error={errorOf(textKey)}
              required
            />
          </div>
        );
      })}
    </div>
  );
}

/** Save, and for an entry already there (`entryId`), delete it once confirmed. */
export function EntryFormActions({
  section,
  saving,
  entryId,
  remove,
}: {
  section: SiteEntrySection;
  saving: boolean;
  entryId: string | null;
  remove: { pending: boolean; run: (input: { id: string }, success: string) => Promise<unknown> };
}) {
  const { t } = useTranslation('admin');
  return (
    <div className="flex flex-wrap gap-3">
      <Button type="submit" disabled={saving}>
        {saving ? t('saving') : t('save')}
      </Button>
      {entryId ? (
        <Button
          variant="danger"
          disabled={remove.pending}
          onClick={async () => {
            if (window.confirm(t(`${section}.confirmDelete`)))
              await remove.run({ id: entryId }, t(`${section}.deletedToast`));
          }}
        >
          {t('delete')}
        </Button>
      ) : null}
    </div>
  );
}

/** The form to add an entry, folded under its "add" line. */
export function AddEntryPanel({ section, children }: { section: SiteEntrySection; children: ReactNode }) {
  const { t } = useTranslation('admin');
  return (
    <details className="border-line bg-surface rounded-2xl border p-5">
      <summary className="cursor-pointer text-lg font-semibold">{t(`${section}.add`)}</summary>
      <div className="mt-4">{children}</div>
    </details>
  );
}

/** A list of entries, each its title in the page's language (marked when hidden), opening into its form. */
export function EntryList<E extends { id: string; published: boolean }>({
  section,
  entries,
  titleOf,
  formOf,
  className,
}: {
  section: SiteEntrySection;
  entries: E[];
  titleOf: (entry: E) => { fr: string; en: string };
  formOf: (entry: E) => ReactNode;
  className?: string;
}) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  return (
    <ul className={cn('border-line divide-line divide-y rounded-xl border', className)}>
      {entries.map((entry) => {
        const title = titleOf(entry);
        return (
          <li key={entry.id}>
            <details className="p-4">
              <summary className="cursor-pointer font-medium">
                {localizedText(locale, title.fr, title.en)}
                {!entry.published ? (
                  <span className="text-ink-soft ml-2 text-sm">({t(`${section}.hidden`)})</span>
                ) : null}
              </summary>
              <div className="mt-4">{formOf(entry)}</div>
            </details>
          </li>
        );
      })}
    </ul>
  );
}
