import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '~/platform/translation';
import { Link } from 'react-router';
import {
  cancelEvent,
  duplicateEvent,
  eventPath,
  eventTitleIn,
  publishEvent,
  updateEvent,
  type TAttendee,
  type TManagedEvent,
} from '#contract/events';
import { formatSlot } from '#contract/reservation-format';
import { useLocale } from '~/platform/use-locale';
import { useSafeNavigate } from '~/platform/use-safe-navigate';
import { Section } from '~/ui/section';
import { Button } from '~/ui/button';
import { Input } from '~/ui/field';
import { BackLink } from '~/ui/back-link';
import { Dialog, DialogClose } from '~/ui/dialog';
import { toast } from '~/ui/toast-store';
import { DoorList } from './door-list';
import { EventCoverSection } from './event-cover';
import { EventForm } from './event-form';
import { useFormOperation } from '~/platform/use-form-operation';

/**
 * Cancelling the event, asked first: the dialog says how many people hold a place (their registrations end,
 * paid ones are refunded), how many wait in line (all told by e-mail with the reason) and how many already
 * checked in (they keep their record); a toast says how many were told once it is done.
 */
function CancelEventButton({ event, title }: { event: TManagedEvent; title: string }) {
  const { t } = useTranslation('events');
  const cancel = useFormOperation(cancelEvent, { namespace: 'events' });
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  // Places taken by people not yet checked in end (and are refunded); those in line are let go; all are told.
  const holding = event.registeredCount - event.attendedCount;
  const people = holding + event.waitlistCount;
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      trigger={<Button variant="danger">{t('office.cancel')}</Button>}
      title={t('office.cancelTitle', { title })}
      description={[
        t('office.cancelRegistered', { count: holding }),
        event.waitlistCount > 0 ? t('office.cancelWaiting', { count: event.waitlistCount }) : '',
        event.attendedCount > 0 ? t('office.cancelAttended', { count: event.attendedCount }) : '',
        t('office.cancelTold', { count: people }),
      ]
        .filter(Boolean)
        .join(' ')}
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={async (form) => {
          form.preventDefault();
          const done = await cancel.run({ id: event.id, reason }, '');
          if (!done) return;
          setOpen(false);
          toast({ title: t('office.cancelled', { count: done.told }), color: 'success' });
        }}
      >
        <Input
          label={t('office.cancelReason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={500}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">{t('office.cancelKeep')}</Button>
          </DialogClose>
          <Button type="submit" variant="danger" disabled={cancel.pending}>
            {t('office.cancelConfirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** `/myspaces/{spaceId}/events/{eventId}`: one event's back office: check-in, actions, its details. */
export function EventOffice({
  event,
  rooms,
  door,
}: {
  event: TManagedEvent;
  rooms: Array<{ id: string; name: string }>;
  door: { attendees: TAttendee[]; attendedCount: number; expected: number };
}) {
  const { t } = useTranslation('events');
  const locale = useLocale();
  const navigate = useSafeNavigate();
  const update = useFormOperation(updateEvent, { namespace: 'events', success: t('office.saved') });
  const publish = useFormOperation(publishEvent, { namespace: 'events', success: t('office.published') });
  const duplicate = useFormOperation(duplicateEvent, {
    namespace: 'events',
    success: t('office.duplicated'),
  });
  const title = eventTitleIn(event, locale);
  return (
    <main id="main" className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <BackLink to={`/myspaces/${event.spaceId}?section=events`} label={t('office.title')}>
        {t('office.back')}
      </BackLink>
      <header className="space-y-1">
        <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
        <p className="text-ink-soft">
          {formatSlot(locale, event.startsAt, event.endsAt, event.space.timeZone)} ·{' '}
          {t(`office.status.${event.status}`)}
        </p>
        <p>
          {t('office.counts', {
            registered: event.registeredCount,
            capacity: event.capacity,
            waiting: event.waitlistCount,
          })}
        </p>
        <Link
          to={eventPath(event.id)}
          className="text-primary-ink inline-flex items-center gap-1 underline underline-offset-2"
        >
          {t('office.viewPage')}
          <ExternalLink aria-hidden className="size-4" />
        </Link>
      </header>
      {event.status !== 'draft' ? <DoorList {...door} canCheckIn={event.status === 'published'} /> : null}
      <Section title={t('office.edit')} id="event-actions">
        <div className="flex flex-wrap gap-2">
          {event.status === 'draft' ? (
            <Button disabled={publish.pending} onClick={() => void publish.run({ id: event.id })}>
              {t('office.publish')}
            </Button>
          ) : null}
          <Button
            variant="secondary"
            disabled={duplicate.pending}
            onClick={async () => {
              const copy = await duplicate.run({ id: event.id });
              if (copy) void navigate(`/myspaces/${event.spaceId}/events/${copy.id}`);
            }}
          >
            {t('office.duplicate')}
          </Button>
          {event.status !== 'cancelled' ? <CancelEventButton event={event} title={title} /> : null}
        </div>
        {event.status !== 'cancelled' ? (
          <EventForm
            key={JSON.stringify(event)}
            initial={event}
            rooms={rooms}
            timeZone={event.space.timeZone}
            pending={update.pending}
            errorOf={update.errorOf}
            submitLabel={t('office.save')}
            onSubmit={async (form) => (await update.run({ id: event.id, event: form })) !== null}
          />
        ) : null}
      </Section>
      {event.status !== 'cancelled' ? (
        <EventCoverSection key={event.cover?.fileKey ?? 'none'} event={event} />
      ) : null}
    </main>
  );
}
