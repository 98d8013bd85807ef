import { Copy, Rss } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '~/platform/translation';
import { formatMoment } from '#contract/reservation-format';
import type { TFeedStatus } from '#contract/reservations';
import { myReservationCalls } from '#contract/reservations.plain';
import { call } from '~/platform/callable-client';
import { Button } from '~/ui/button';
import { Input } from '~/ui/field';
import { toast } from '~/ui/toast-store';
import { useForm } from '~/platform/use-form';
import { useVisitorTimeZone } from '~/platform/format';
import { useLocale } from '~/platform/use-locale';

/**
 * The personal calendar feed: a secret address a calendar application subscribes to. The address is
 * shown once, when made; replacing or revoking it makes the old one stop working.
 */
export function FeedPanel({ initial }: { initial: TFeedStatus }) {
  const { t } = useTranslation('reservations');
  const locale = useLocale();
  const zone = useVisitorTimeZone() ?? 'Europe/Paris';
  const [status, setStatus] = useState(initial);
  const [url, setUrl] = useState<string | null>(null);
  const form = useForm({ namespace: 'reservations', fields: false });

  async function create() {
    const made = await form.run(() => call(myReservationCalls.createFeedToken, {}));
    if (!made) return;
    setUrl(made.url);
    setStatus({ active: true, createdAt: made.createdAt, lastUsedAt: null });
  }
  async function revoke() {
    const revoked = await form.run(() => call(myReservationCalls.revokeFeedToken, {}), t('feed.revoked'));
    if (!revoked) return;
    setStatus(revoked);
    setUrl(null);
  }
  const copy = () =>
    url
      ? navigator.clipboard.writeText(url).then(
          () => toast({ title: t('feed.copied'), color: 'success' }),
          () => toast({ title: t('feed.copyFailed'), color: 'error' }),
        )
      : undefined;

  return (
    <section
      aria-labelledby="feed-title"
      className="border-line flex flex-col gap-3 rounded-2xl border p-4 sm:p-5"
    >
      <h2 id="feed-title" className="flex items-center gap-2 text-xl font-semibold">
        <Rss aria-hidden className="size-5" />
        {t('feed.title')}
      </h2>
      <p className="text-ink-soft">{t('feed.lead')}</p>
      {url ? (
        <div className="flex flex-col gap-2">
          <div className="flex items-end gap-2">
            <Input
              label={t('feed.url')}
              readOnly
              value={url}
              containerClassName="flex-1"
              onFocus={(e) => e.target.select()}
            />
            <Button variant="outline" onClick={() => void copy()} aria-label={t('feed.copy')}>
              <Copy aria-hidden className="size-4" />
            </Button>
          </div>
          <p className="text-sm">{t('feed.onceNote')}</p>
        </div>
      ) : status.active && status.createdAt ? (
        <p className="text-sm">
          {t('feed.active', {
            when: formatMoment(locale, status.createdAt, zone),
          })}
          {status.lastUsedAt
            ? ` ${t('feed.lastUsed', { when: formatMoment(locale, status.lastUsedAt, zone) })}`
            : ''}
        </p>
      ) : (
        <p className="text-sm">{t('feed.none')}</p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          variant={status.active ? 'outline' : 'primary'}
          onClick={() => void create()}
          disabled={form.pending}
        >
          {status.active ? t('feed.replace') : t('feed.create')}
        </Button>
        {status.active ? (
          <Button variant="outline-danger" onClick={() => void revoke()} disabled={form.pending}>
            {t('feed.revoke')}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
