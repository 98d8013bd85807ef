import { useState, type FormEvent } from 'react';
import { useTranslation } from '~/platform/translation';
import {
  createFaqEntry,
  deleteFaqEntry,
  FAQ_TOPICS,
  updateFaqEntry,
  type TFaqEntry,
  type TFaqEntryInput,
} from '#contract/site-content';
import { localizedText } from '#contract/localized';
import { Button } from '~/ui/button';
import { Checkbox, Input, Select, Textarea } from '~/ui/field';
import { useLocale } from '~/platform/use-locale';
import { useAdminOperation } from './use-admin-operation';

const EMPTY: TFaqEntryInput = {
  topic: 'booking',
  position: 0,
  published: true,
  questionFr: '',
  answerFr: '',
  questionEn: '',
  answerEn: '',
};

/** One question's form: a new one (no `entry`) or an existing one, with delete. */
function FaqEntryForm({ entry, onDone }: { entry: TFaqEntry | null; onDone?: () => void }) {
  const { t } = useTranslation('admin');
  const [form, setForm] = useState<TFaqEntryInput>(entry ?? EMPTY);
  const create = useAdminOperation(createFaqEntry);
  const update = useAdminOperation(updateFaqEntry);
  const remove = useAdminOperation(deleteFaqEntry);
  const operation = entry ? update : create;
  const errorOf = (field: string) => operation.errorOf(entry ? `entry.${field}` : field);
  const set = <K extends keyof TFaqEntryInput>(key: K, value: TFaqEntryInput[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = { ...form, position: Number(form.position) };
    if (entry) await update.run({ id: entry.id, entry: input }, t('saved'));
    else if (await create.run(input, t('faq.createdToast'))) {
      setForm(EMPTY);
      onDone?.();
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <Select
          label={t('faq.fields.topic')}
          value={form.topic}
          onChange={(e) => set('topic', e.target.value as TFaqEntryInput['topic'])}
        >
          {FAQ_TOPICS.map((topic) => (
            <option key={topic} value={topic}>
              {t(`content:faq.topicTitles.${topic}`)}
            </option>
          ))}
        </Select>
        <Input
          type="number"
          min={0}
          max={9999}
          label={t('faq.fields.position')}
          hint={t('faq.fields.positionHint')}
          value={String(form.position)}
          onChange={(e) => set('position', Number(e.target.value))}
          error={errorOf('position')}
        />
        <Checkbox
          className="sm:mt-7"
          label={t('faq.fields.published')}
          checked={form.published}
          onChange={(e) => set('published', e.target.checked)}
        />
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <div className="flex flex-col gap-4" lang="fr">
          <Input
            label={t('faq.fields.questionFr')}
            value={form.questionFr}
            onChange={(e) => set('questionFr', e.target.value)}
            error={errorOf('questionFr')}
            required
          />
          <Textarea
            label={t('faq.fields.answerFr')}
            rows={5}
            value={form.answerFr}
            onChange={(e) => set('answerFr', e.target.value)}
            error={errorOf('answerFr')}
            required
          />
        </div>
        <div className="flex flex-col gap-4" lang="en">
          <Input
            label={t('faq.fields.questionEn')}
            value={form.questionEn}
            onChange={(e) => set('questionEn', e.target.value)}
            error={errorOf('questionEn')}
            required
          />
          <Textarea
            label={t('faq.fields.answerEn')}
            rows={5}
            value={form.answerEn}
            onChange={(e) => set('answerEn', e.target.value)}
            error={errorOf('answerEn')}
            required
          />
        </div>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={operation.pending}>
          {operation.pending ? t('saving') : t('save')}
        </Button>
        {entry ? (
          <Button
            variant="danger"
            disabled={remove.pending}
            onClick={async () => {
              if (window.confirm(t('faq.confirmDelete')))
                await remove.run({ id: entry.id }, t('faq.deletedToast'));
            }}
          >
            {t('delete')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** Every question, by topic, each opening into its form; and a form to add one. */
export function FaqManager({ entries }: { entries: TFaqEntry[] }) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  return (
    <>
      <details className="border-line bg-surface rounded-2xl border p-5">
        <summary className="cursor-pointer text-lg font-semibold">{t('faq.add')}</summary>
        <div className="mt-4">
          <FaqEntryForm entry={null} />
        </div>
      </details>
      {FAQ_TOPICS.map((topic) => {
        const inTopic = entries.filter((entry) => entry.topic === topic);
        if (!inTopic.length) return null;
        return (
          <section key={topic} aria-labelledby={`topic-${topic}`}>
            <h2 id={`topic-${topic}`} className="text-xl font-semibold">
              {t(`content:faq.topicTitles.${topic}`)}
            </h2>
            <ul className="border-line divide-line mt-3 divide-y rounded-xl border">
              {inTopic.map((entry) => (
                <li key={entry.id}>
                  <details className="p-4">
                    <summary className="cursor-pointer font-medium">
                      {localizedText(locale, entry.questionFr, entry.questionEn)}
                      {!entry.published ? (
                        <span className="text-ink-soft ml-2 text-sm">({t('faq.hidden')})</span>
                      ) : null}
                    </summary>
                    <div className="mt-4">
                      <FaqEntryForm key={JSON.stringify(entry)} entry={entry} />
                    </div>
                  </details>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}
