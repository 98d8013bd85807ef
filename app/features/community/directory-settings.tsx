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
import { fieldErrorsOf, fieldErrorsOfZod, messageOfError, type FieldErrors } from '~/platform/form-errors';
import { Button } from '~/ui/button';
import { Checkbox, Textarea } from '~/ui/field';
import { Notice } from '~/ui/notice';
import { toast } from '~/ui/toast-store';
import { communityFieldError } from './community-errors';

/** /profile's directory section: being listed (off until chosen), which fields show, and links. */
export function DirectorySettingsSection({ initial }: { initial: TDirectorySettingsView }) {
  const { t } = useTranslation('community');
  const [settings, setSettings] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = ZDirectorySettings.safeParse({
      visible: form.get('visible') === 'on',
      fields: DIRECTORY_FIELDS.filter((field) => form.get(`field-${field}`) === 'on'),
      links: String(form.get('links') ?? '')
        .split('\n')
        .map((link) => link.trim())
        .filter(Boolean),
    });
    if (!parsed.success) {
      setErrors(fieldErrorsOfZod(parsed.error));
      return;
    }
    setErrors({});
    setPending(true);
    try {
      setSettings(await call(updateDirectorySettings, parsed.data));
      toast({ title: t('settings.saved'), color: 'success' });
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (Object.keys(fields).length) setErrors(fields);
      else toast({ title: messageOfError(t, error), color: 'error' });
    } finally {
      setPending(false);
    }
  }

  const linksError = Object.entries(errors).find(([path]) => path.startsWith('links'))?.[1];
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
          error={communityFieldError(t, linksError)}
        />
        <Button type="submit" disabled={pending} className="self-start">
          {pending ? t('settings.saving') : t('settings.save')}
        </Button>
      </form>
    </section>
  );
}
