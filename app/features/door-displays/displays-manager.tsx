import { MonitorSmartphone } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import {
  createDisplay,
  revokeDisplay,
  updateDisplaySettings,
  type TDisplayLink,
  type TSpaceDisplays,
} from '#contract/door-displays';
import { dateTimeFormat } from '#contract/intl';
import { intlLocaleOf, LOCALES, type Locale } from '#contract/locale';
import { useFormOperation } from '~/platform/use-form-operation';
import { useLocale } from '~/platform/use-locale';
import { useTranslation } from '~/platform/translation';
import { Button } from '~/ui/button';
import { buttonClass } from '~/ui/button-class';
import { EmptyState } from '~/ui/empty-state';
import { Checkbox, Input, Select } from '~/ui/field';
import { Section } from '~/ui/section';

/**
 * A space's door displays in its back office (docs/decisions/035-door-displays.md): make a room's link (its
 * address is shown once), see each link's last poll, revoke one, and choose what the displays show.
 */
export function DisplaysManager({ data }: { data: TSpaceDisplays }) {
  const { t } = useTranslation('displays');
  return (
    <main id="main" className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8">
      <div>
        <h1 className="text-2xl font-bold">{t('office.title')}</h1>
        <p className="text-ink-soft mt-1 max-w-prose">{t('office.intro')}</p>
      </div>
      <CreateLink data={data} />
      <LinkList data={data} />
      <DisplaySettingsForm data={data} />
    </main>
  );
}

function CreateLink({ data }: { data: TSpaceDisplays }) {
  const { t } = useTranslation('displays');
  const operation = useFormOperation(createDisplay, { namespace: 'displays' });
  const [created, setCreated] = useState<{ url: string; room: string } | null>(null);
  const [copied, setCopied] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const result = await operation.run({
      spaceId: data.spaceId,
      roomId: String(form.get('roomId') ?? ''),
      name: String(form.get('name') ?? ''),
    });
    if (result) {
      setCreated({ url: result.url, room: result.display.roomName });
      setCopied(false);
      event.currentTarget?.reset();
    }
  };

  return (
    <Section title={t('office.create.heading')} id="displays-create">
      {data.rooms.length === 0 ? (
        <p className="text-ink-soft">{t('office.create.noRoom')}</p>
      ) : (
        <form
          onSubmit={(event) => void submit(event)}
          className="flex flex-col gap-4 sm:flex-row sm:items-end"
        >
          <Select
            name="roomId"
            label={t('office.create.room')}
            choices={data.rooms.map((room) => ({ value: room.id, label: room.name }))}
            error={operation.errors.roomId}
          />
          <Input
            name="name"
            label={t('office.create.name')}
            hint={t('office.create.nameHint')}
            maxLength={80}
            required
            error={operation.errors.name}
            containerClassName="flex-1"
          />
          <Button type="submit" disabled={operation.pending}>
            {t('office.create.submit')}
          </Button>
        </form>
      )}
      {created ? (
        <div role="status" className="border-line bg-muted flex flex-col gap-2 rounded-lg border p-4">
          <p className="font-semibold">{t('office.created.heading', { room: created.room })}</p>
          <p className="text-ink-soft text-sm">{t('office.created.text')}</p>
          <p className="font-mono text-sm break-all" data-testid="display-url">
            {created.url}
          </p>
          <div className="flex flex-wrap gap-2">
            <a href={created.url} target="_blank" rel="noreferrer" className={buttonClass('outline', 'sm')}>
              {t('office.created.open')}
            </a>
            <Button
              variant="outline"
              size="sm"
              onClick={() =>
                void navigator.clipboard?.writeText(created.url).then(
                  () => setCopied(true),
                  () => setCopied(false),
                )
              }
            >
              {copied ? t('office.created.copied') : t('office.created.copy')}
            </Button>
          </div>
        </div>
      ) : null}
    </Section>
  );
}

function LinkList({ data }: { data: TSpaceDisplays }) {
  const { t } = useTranslation('displays');
  const locale = useLocale();
  const revoke = useFormOperation(revokeDisplay, {
    namespace: 'displays',
    success: t('office.list.revokedToast'),
    fields: false,
  });
  const format = (value: string) =>
    dateTimeFormat(intlLocaleOf(locale), {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: data.timeZone,
    }).format(new Date(value));
  const statusOf = (link: TDisplayLink) =>
    link.revokedAt
      ? t('office.list.revoked', { date: format(link.revokedAt) })
      : link.lastSeenAt
        ? t('office.list.lastSeen', { when: format(link.lastSeenAt) })
        : t('office.list.neverSeen');
  return (
    <Section title={t('office.list.heading')} id="displays-list">
      {data.displays.length === 0 ? (
        <EmptyState icon={MonitorSmartphone} title={t('office.list.empty')} />
      ) : (
        <table className="w-full text-left text-sm">
          <thead className="text-ink-soft">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                {t('office.list.name')}
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                {t('office.list.room')}
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                {t('office.list.created')}
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                {t('office.list.status')}
              </th>
              <td />
            </tr>
          </thead>
          <tbody className="divide-line divide-y">
            {data.displays.map((link) => (
              <tr key={link.id} className={link.revokedAt ? 'text-ink-soft' : ''}>
                <td className="py-2 pr-3 font-medium">{link.name}</td>
                <td className="py-2 pr-3">{link.roomName}</td>
                <td className="py-2 pr-3">{format(link.createdAt)}</td>
                <td className="py-2 pr-3">{statusOf(link)}</td>
                <td className="py-2 text-right">
                  {link.revokedAt ? null : (
                    <Button
                      variant="outline-danger"
                      size="sm"
                      disabled={revoke.pending}
                      aria-label={t('office.list.revokeLabel', { name: link.name })}
                      onClick={() => void revoke.run({ spaceId: data.spaceId, displayId: link.id })}
                    >
                      {t('office.list.revoke')}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}

function DisplaySettingsForm({ data }: { data: TSpaceDisplays }) {
  const { t } = useTranslation('displays');
  const operation = useFormOperation(updateDisplaySettings, {
    namespace: 'displays',
    success: t('office.settings.saved'),
  });
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    await operation.run({
      spaceId: data.spaceId,
      showTitles: form.get('showTitles') === 'on',
      locale: String(form.get('locale')) as Locale,
    });
  };
  return (
    <Section title={t('office.settings.heading')} id="displays-settings">
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <Checkbox
          name="showTitles"
          label={t('office.settings.showTitles')}
          hint={t('office.settings.showTitlesHint')}
          defaultChecked={data.settings.showTitles}
        />
        <Select
          name="locale"
          label={t('office.settings.locale')}
          defaultValue={data.settings.locale}
          choices={LOCALES.map((value) => ({ value, label: t(`languages.${value}`), lang: value }))}
          containerClassName="max-w-xs"
        />
        <div>
          <Button type="submit" disabled={operation.pending}>
            {t('office.settings.save')}
          </Button>
        </div>
      </form>
    </Section>
  );
}
