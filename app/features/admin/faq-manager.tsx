import type { FormEvent } from 'react';
import { useTranslation } from '~/platform/translation';
import {
  createFaqEntry,
  deleteFaqEntry,
  FAQ_TOPICS,
  updateFaqEntry,
  type TFaqEntry,
  type TFaqEntryInput,
} from '#contract/site-content';
import { useDraft } from '~/platform/use-draft';
import { choicesOf, Select } from '~/ui/field';
import { AddEntryPanel, BilingualFields, EntryFormActions, EntryList, PlacementFields } from './site-entries';
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
function FaqEntryForm({ entry }: { entry: TFaqEntry | null }) {
  const { t } = useTranslation('admin');
  const { draft: form, set, reset } = useDraft<TFaqEntryInput>(entry ?? EMPTY);
  const create = useAdminOperation(createFaqEntry);
  const update = useAdminOperation(updateFaqEntry);
  const remove = useAdminOperation(deleteFaqEntry);
  const operation = entry ? update : create;
  const errorOf = (field: string) => operation.errorOf(entry ? `entry.${field}` : field);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = { ...form, position: Number(form.position) };
    if (entry) await update.run({ id: entry.id, entry: input }, t('saved'));
    else if (await create.run(input, t('faq.createdToast'))) reset();
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <PlacementFields section="faq" values={form} onChange={set} positionError={errorOf('position')}>
        <Select
          label={t('faq.fields.topic')}
          value={form.topic}
          onChange={(e) => set('topic', e.target.value as TFaqEntryInput['topic'])}
          choices={choicesOf(FAQ_TOPICS, (topic) => t(`content:faq.topicTitles.${topic}`))}
        />
      </PlacementFields>
      <BilingualFields
        section="faq"
        title="question"
        text="answer"
        values={form}
        onChange={set}
        errorOf={errorOf}
      />
      <EntryFormActions
        section="faq"
        saving={operation.pending}
        entryId={entry?.id ?? null}
        remove={remove}
      />
    </form>
  );
}

/** Every question, by topic, each opening into its form; and a form to add one. */
export function FaqManager({ entries }: { entries: TFaqEntry[] }) {
  const { t } = useTranslation('admin');
  return (
    <>
      <AddEntryPanel section="faq">
        <FaqEntryForm entry={null} />
      </AddEntryPanel>
      {FAQ_TOPICS.map((topic) => {
        const inTopic = entries.filter((entry) => entry.topic === topic);
        if (!inTopic.length) return null;
        return (
          <section key={topic} aria-labelledby={`topic-${topic}`}>
            <h2 id={`topic-${topic}`} className="text-xl font-semibold">
              {t(`content:faq.topicTitles.${topic}`)}
            </h2>
            <EntryList
              section="faq"
              className="mt-3"
              entries={inTopic}
              titleOf={(entry) => ({ fr: entry.questionFr, en: entry.questionEn })}
              formOf={(entry) => <FaqEntryForm key={JSON.stringify(entry)} entry={entry} />}
            />
          </section>
        );
      })}
    </>
  );
}
