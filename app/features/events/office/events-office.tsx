import { useState } from 'react';
import { useTranslation } from '~/platform/translation';
import { Link } from 'react-router';
import { createEvent, eventTitleIn, updateEventSettings, type TManagedEvent } from '#contract/events';
import { formatSlot } from '#contract/reservation-format';
import { useLocale } from '~/platform/use-locale';
import { useSafeNavigate } from '~/platform/use-safe-navigate';
import { Section } from '~/ui/section';
import { Button } from '~/ui/button';
import { Input } from '~/ui/field';
import { EventForm } from './event-form';
import { useFormOperation } from '~/platform/use-form-operation';

/** The back office's events section: the space's events, a new one, and how long offers last. */
export function EventsOffice({
  spaceId,
  events,
  offerHours,
  rooms,
  timeZone,
}: {
  spaceId: string;
  events: TManagedEvent[];
  offerHours: number;
  rooms: Array<{ id: string; name: string }>;
  timeZone: string;
}) {
  const { t } = useTranslation('events');
  const locale = useLocale();
  const navigate = useSafeNavigate();
  const create = useFormOperation(createEvent, { namespace: 'events', success: t('office.created') });
  const settings = useFormOperation(updateEventSettings, { namespace: 'events', success: t('office.saved') });
  const [hours, setHours] = useState(String(offerHours));
  return (
    <>
      <Section title={t('office.list')} hint={t('office.intro')} id="events-list">
        {events.length === 0 ? (
          <p className="text-ink-soft">{t('office.empty')}</p>
        ) : (
          <ul className="divide-line divide-y">
            {events.map((event) => (
              <li key={event.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div>
                  <Link
                    to={`/myspaces/${spaceId}/events/${event.id}`}
                    className="font-semibold underline underline-offset-2"
                  >
                    {eventTitleIn(event, locale)}
                  </Link>
                  <p className="text-ink-soft text-sm">
                    {formatSlot(locale, event.startsAt, event.endsAt, event.space.timeZone)} ·{' '}
                    {t(`office.status.${event.status}`)}
                  </p>
                </div>
                <p className="text-sm">
                  {t('office.counts', {
                    registered: event.registeredCount,
                    capacity: event.capacity,
                    waiting: event.waitlistCount,
                  })}
                </p>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title={t('office.new')} id="events-new">
        <EventForm
          initial={null}
          rooms={rooms}
          timeZone={timeZone}
          pending={create.pending}
          errorOf={create.errorOf}
          submitLabel={t('office.create')}
          onSubmit={async (event) => {
            const created = await create.run({ spaceId, event });
            if (created) void navigate(`/myspaces/${spaceId}/events/${created.id}`);
            return created !== null;
          }}
        />
      </Section>
      <Section title={t('office.offerHours')} hint={t('office.offerHoursHint')} id="events-settings">
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(form) => {
            form.preventDefault();
            void settings.run({ spaceId, offerHours: Number(hours) });
          }}
        >
          <Input
            type="number"
            min={1}
            max={168}
            label={t('office.offerHours')}
            value={hours}
            onChange={(e) => setHours(e.target.value)}
            error={settings.errorOf('offerHours')}
          />
          <Button type="submit" variant="secondary" disabled={settings.pending}>
            {t('office.saveSettings')}
          </Button>
        </form>
      </Section>
    </>
  );
}
