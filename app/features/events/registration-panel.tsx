import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '~/platform/translation';
import { Link, useRevalidator } from 'react-router';
import type { CallableDef, CallableRef, InputOf } from '#contract/callable';
import type { TEventPage } from '#contract/events';
import { registrationCalls } from '#contract/events.plain';
import type { TViewer } from '#contract/load-context';
import { formatMoment } from '#contract/reservation-format';
import { call } from '~/platform/callable-client';
import { loginPath } from '~/platform/auth-paths';
import { useForm } from '~/platform/use-form';
import { useLocale } from '~/platform/use-locale';
import { Button, buttonClass } from '~/ui/button';
import { Notice } from '~/ui/notice';
import { initialPayment, PaymentFields, PaymentSummary, type PaymentDraft } from './payment-fields';

/**
 * The event page as its reader gets it: the event, who reads (null: a visitor), the page's path (to come back
 * to after signing in), and `focusOffer` when the offer e-mail's link brought them.
 */
export interface EventReading {
  event: TEventPage;
  viewer: TViewer | null;
  path: string;
  focusOffer: boolean;
}

/**
 * The reader's registration on the event page: register (or join the waitlist), their place in line, an
 * offer to accept or decline, cancelling until the deadline. `focusOffer` (the offer e-mail's link) brings
 * the offer's buttons into view.
 */
export function RegistrationPanel({ event, viewer, path, focusOffer }: EventReading) {
  const { t } = useTranslation(['events', 'common']);
  const locale = useLocale();
  const { revalidate } = useRevalidator();
  const form = useForm({ namespace: 'events', fields: false });
  const [showName, setShowName] = useState(false);
  const [payment, setPayment] = useState<PaymentDraft>(() => initialPayment(event));
  const headingId = useId();
  const acceptRef = useRef<HTMLButtonElement>(null);
  const mine = event.mine;
  const zone = event.space.timeZone;

  useEffect(() => {
    if (focusOffer && mine?.status === 'offered') acceptRef.current?.focus();
  }, [focusOffer, mine?.status]);

  async function run<D extends CallableDef>(def: CallableRef<D>, input: InputOf<D>, done: string) {
    await form.run(async () => {
      await call(def, input);
      await revalidate();
    }, done);
  }

  let body;
  if (event.status === 'cancelled') {
    body = <Notice tone="error">{t('events:page.cancelled')}</Notice>;
  } else if (!viewer) {
    body = (
      <Link className={buttonClass()} to={loginPath(path)}>
        {t('events:panel.signIn')}
      </Link>
    );
  } else if (!viewer.emailVerified) {
    body = <Notice>{t('events:panel.confirmEmail')}</Notice>;
  } else if (mine && mine.status === 'registered') {
    const cancellable = event.open;
    body = (
      <div className="space-y-3">
        <Notice tone="success">{t('events:panel.registered')}</Notice>
        {mine.payment ? <PaymentSummary payment={mine.payment} /> : null}
        {cancellable ? (
          <>
            {event.refundUntil && mine.payment ? (
              <p className="text-ink-soft text-sm">
                {t('events:payment.refundUntil', {
                  when: formatMoment(locale, event.refundUntil, zone),
                })}
              </p>
            ) : null}
            <p className="text-ink-soft text-sm">
              {t('events:panel.cancelUntil', {
                when: formatMoment(locale, event.registrationDeadline, zone),
              })}
            </p>
            <Button
              variant="secondary"
              disabled={form.pending}
              onClick={() =>
                void run(registrationCalls.cancel, { eventId: event.id }, t('events:panel.done.cancelled'))
              }
            >
              {t('events:panel.cancel')}
            </Button>
          </>
        ) : null}
      </div>
    );
  } else if (mine && mine.status === 'waitlisted') {
    body = (
      <div className="space-y-3">
        <Notice>{t('events:panel.waitlisted', { position: mine.position ?? 0 })}</Notice>
        <Button
          variant="secondary"
          disabled={form.pending}
          onClick={() =>
            void run(registrationCalls.cancel, { eventId: event.id }, t('events:panel.done.cancelled'))
          }
        >
          {t('events:panel.leave')}
        </Button>
      </div>
    );
  } else if (mine && mine.status === 'offered') {
    body = (
      <div className="space-y-3">
        <Notice tone="success">
          {t('events:panel.offered', {
            until: formatMoment(locale, mine.offerExpiresAt ?? event.registrationDeadline, zone),
          })}
        </Notice>
        <PaymentFields event={event} value={payment} onChange={setPayment} />
        <div className="flex flex-wrap gap-2">
          <Button
            ref={acceptRef}
            disabled={form.pending}
            onClick={() =>
              void run(
                registrationCalls.acceptOffer,
                { eventId: event.id, ...payment },
                t('events:panel.done.accepted'),
              )
            }
          >
            {t('events:panel.accept')}
          </Button>
          <Button
            variant="secondary"
            disabled={form.pending}
            onClick={() =>
              void run(registrationCalls.declineOffer, { eventId: event.id }, t('events:panel.done.declined'))
            }
          >
            {t('events:panel.decline')}
          </Button>
        </div>
      </div>
    );
  } else if (mine && mine.status === 'attended') {
    body = <Notice tone="success">{t('events:panel.attended')}</Notice>;
  } else if (mine && mine.status === 'no_show') {
    body = <Notice>{t('events:panel.noShow')}</Notice>;
  } else if (!event.open) {
    body = <Notice>{t('events:page.closed')}</Notice>;
  } else {
    const full = event.placesLeft === 0 || event.waitlistCount > 0;
    body = (
      <div className="space-y-3">
        {mine?.endReason ? (
          <p className="text-ink-soft text-sm">{t(`events:panel.ended.${mine.endReason}`)}</p>
        ) : null}
        {event.membersOnly ? <p className="text-sm">{t('events:page.membersOnly')}</p> : null}
        {full ? (
          event.price ? (
            <p className="text-ink-soft text-sm">{t('events:payment.onOffer')}</p>
          ) : null
        ) : (
          <PaymentFields event={event} value={payment} onChange={setPayment} />
        )}
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={showName}
            onChange={(change) => setShowName(change.target.checked)}
          />
          {t('events:panel.showName')}
        </label>
        <Button
          disabled={form.pending}
          onClick={() =>
            void run(
              registrationCalls.register,
              { eventId: event.id, showName, ...payment },
              full ? t('events:panel.done.waitlisted') : t('events:panel.done.registered'),
            )
          }
        >
          {full
            ? t('events:panel.joinWaitlist')
            : event.price
              ? t('events:panel.registerPaid')
              : t('events:panel.register')}
        </Button>
      </div>
    );
  }
  return (
    <section aria-labelledby={headingId} className="border-line space-y-3 rounded-lg border p-4">
      <h2 id={headingId} className="text-xl font-semibold">
        {t('events:panel.title')}
      </h2>
      {body}
    </section>
  );
}
