import { useId, type FormEvent } from 'react';
import { useTranslation } from '~/platform/translation';
import { useRevalidator } from 'react-router';
import { isLocale, LOCALES } from '#contract/locale';
import {
  NOTIFICATION_KINDS,
  PROFILE_LIMITS,
  updateProfile,
  ZProfileUpdate,
  type TProfile,
} from '#contract/profile';
import { call } from '~/platform/callable-client';
import { useForm } from '~/platform/use-form';
import { Button } from '~/ui/button';
import { Checkbox, Input, Select, Textarea } from '~/ui/field';
import { toast } from '~/ui/toast-store';
import { ProfileSection } from './profile-section';

const skillsOf = (text: string) =>
  text
    .split(',')
    .map((skill) => skill.trim())
    .filter(Boolean);

/** Where the person works and as what, each a text of its own. */
const WORK_FIELDS = [
  { name: 'company', autoComplete: 'organization' },
  { name: 'jobTitle', autoComplete: 'organization-title' },
] as const;

/**
 * "Profile saved" translated as it is shown rather than when raised: a save that changes the language is
 * confirmed in the language chosen, once the page has switched to it.
 */
function SavedNotice() {
  const { t } = useTranslation('profile');
  return <>{t('details.saved')}</>;
}

/** Name, work, skills, presentation, language and notifications: one save (the directory has its section). */
export function DetailsForm({
  profile,
  onChange,
}: {
  profile: TProfile;
  onChange: (next: TProfile) => void;
}) {
  const { t } = useTranslation('profile');
  const { t: tCommon } = useTranslation();
  const form = useForm({ namespace: 'profile' });
  const { revalidate } = useRevalidator();
  const alwaysSentId = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = new FormData(event.currentTarget);
    const text = (name: string) => String(values.get(name) ?? '');
    const locale = text('locale');
    const update = form.check(ZProfileUpdate, {
      name: text('name'),
      locale: isLocale(locale) ? locale : null,
      company: text('company'),
      jobTitle: text('jobTitle'),
      skills: skillsOf(text('skills')),
      bio: text('bio'),
      notificationSettings: Object.fromEntries(
        NOTIFICATION_KINDS.map((kind) => [kind, values.get(kind) === 'on']),
      ),
    });
    if (!update) return;
    const saved = await form.run(() => call(updateProfile, update));
    if (!saved) return;
    onChange(saved);
    toast({ title: <SavedNotice />, color: 'success', translatesItself: true });
    // The header shows the name, and the language may have changed.
    void revalidate();
  }

  return (
    <ProfileSection title={t('details.title')}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Input
          name="name"
          autoComplete="name"
          required
          defaultValue={profile.name}
          label={t('details.name')}
          error={form.errorOf('name')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          {WORK_FIELDS.map(({ name, autoComplete }) => (
            <Input
              key={name}
              name={name}
              autoComplete={autoComplete}
              maxLength={PROFILE_LIMITS[name]}
              defaultValue={profile[name] ?? ''}
              label={t(`details.${name}`)}
              error={form.errorOf(name)}
            />
          ))}
        </div>
        <Input
          name="skills"
          defaultValue={profile.skills.join(', ')}
          label={t('details.skills')}
          hint={t('details.skillsHint')}
          error={form.errorOf('skills')}
        />
        <Textarea
          name="bio"
          maxLength={PROFILE_LIMITS.bio}
          defaultValue={profile.bio ?? ''}
          label={t('details.bio')}
          hint={t('details.bioHint')}
          error={form.errorOf('bio')}
        />
        <Select
          name="locale"
          defaultValue={profile.locale ?? ''}
          label={t('details.locale')}
          choices={LOCALES.map((locale) => ({
            value: locale,
            label: tCommon(`layout.languages.${locale}`),
            lang: locale,
          }))}
        >
          <option value="">{t('details.localeBrowser')}</option>
        </Select>
        <fieldset className="border-line rounded-lg border p-4" aria-describedby={alwaysSentId}>
          <legend className="px-1 font-medium">{t('notifications.title')}</legend>
          <p id={alwaysSentId} className="text-ink-soft mb-3 text-sm">
            {t('notifications.alwaysSent')}
          </p>
          <div className="flex flex-col gap-2">
            {NOTIFICATION_KINDS.map((kind) => (
              <Checkbox
                key={kind}
                name={kind}
                defaultChecked={profile.notificationSettings[kind]}
                label={t(`notifications.${kind}`)}
              />
            ))}
          </div>
        </fieldset>
        <Button type="submit" disabled={form.pending} className="self-start">
          {form.pending ? t('details.saving') : t('details.save')}
        </Button>
      </form>
    </ProfileSection>
  );
}
