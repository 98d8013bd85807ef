import { useState, type FormEvent } from 'react';
import { useTranslation } from '~/platform/translation';
import {
  COMMUNITY_LIMITS,
  DIRECTORY_FIELDS,
  updateDirectorySettings,
  ZDirectorySettings,
  type TDirectorySettingsView,
} from '#contract/community';
import { call } from '~/platform/callable-client';
import { useForm } from '~/platform/use-form';
import { Button } from '~/ui/button';
import { Checkbox, Textarea } from '~/ui/field';
import { Notice } from '~/ui/notice';

/** /profile's directory section: being listed (off until chosen), which fields show, and links. */
export function DirectorySettingsSection({ initial }: { initial: TDirectorySettingsView }) {
  const { t } = useTranslation('community');
  const [settings, setSettings] = useState(initial);
  const form = useForm({ namespace: 'community', fieldMessages: 'community:errors' });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = new FormData(event.currentTarget);
    const update = form.check(ZDirectorySettings, {
      visible: values.get('visible') === 'on',
      fields: DIRECTORY_FIELDS.filter((field) => values.get(`field-${field}`) === 'on'),
      links: String(values.get('links') ?? '')
        .split('\n')
        .map((link) => link.trim())
        .filter(Boolean),
    });
    if (!update) return;
    const saved = await form.run(() => call(updateDirectorySettings, update), t('settings.saved'));
    if (saved) setSettings(saved);
  }

  return (
    <section
      id="directory"
      aria-labelledby="directory-title"
      className="bg-surface border-line scroll-mt-20 rounded-2xl border p-5 sm:p-6"
    >
      <h2 id="directory-title" className="mb-2 text-lg font-semibold">
        {t('settings.title')}
      </h2>
      <p className="text-ink-soft mb-4 text-sm">{t('settings.intro')}</p>
      {settings.hidden ? (
        <Notice tone="error" className="mb-4">
          {t('settings.hiddenByModerator')}
        </Notice>
      ) : null}
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Checkbox name="visible" defaultChecked={settings.visible} label={t('settings.visible')} />
        <fieldset className="border-line rounded-lg border p-4">
          <legend className="px-1 font-medium">{t('settings.fields')}</legend>
          <p className="text-ink-soft mb-3 text-sm">{t('settings.fieldsHint')}</p>
          <div className="grid gap-2 sm:grid-cols-2">
            {DIRECTORY_FIELDS.map((field) => (
              <Checkbox
                key={field}
                name={`field-${field}`}
                defaultChecked={settings.fields.includes(field)}
                label={t(`fields.${field}`)}
              />
            ))}
          </div>
        </fieldset>
        <Textarea
          name="links"
          defaultValue={settings.links.join('\n')}
          label={t('settings.links')}
          hint={t('settings.linksHint', { count: COMMUNITY_LIMITS.links })}
          error={form.errorOf('links')}
        />
        <Button type="submit" disabled={form.pending} className="self-start">
          {form.pending ? t('settings.saving') : t('settings.save')}
        </Button>
      </form>
    </section>
  );
}
