import { srcSetOf } from '#contract/image-variants';
import { IMAGE_SIZES } from '~/ui/photo';
import { useTranslation } from '~/platform/translation';
import { useRevalidator } from 'react-router';
import {
  adImageAlt,
  closeAd,
  replyToAd,
  reportContent,
  type TAd,
  type TSpaceOption,
} from '#contract/community';
import { lastDayOfUse } from '#contract/dates';
import { call } from '~/platform/callable-client';
import { formatCalendarDate } from '~/platform/format';
import { useForm } from '~/platform/use-form';
import { useLocale } from '~/platform/use-locale';
import { Button } from '~/ui/button';
import { BackLink } from '~/ui/back-link';
import { Notice } from '~/ui/notice';
import { AdBadges } from './ad-badges';
import { AdFormDialog } from './ad-form';
import { MessageDialog, ReportDialog } from './text-dialog';

/** How an ad's rendered Markdown looks: the few elements the sanitiser lets through. */
const MARKDOWN_CLASS = [
  'mt-6 break-words leading-relaxed',
  '[&_p]:mt-3 [&_h2]:mt-5 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-4 [&_h3]:font-semibold',
  '[&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6',
  '[&_a]:text-primary-ink [&_a]:underline [&_a]:underline-offset-2',
  '[&_blockquote]:border-line [&_blockquote]:mt-3 [&_blockquote]:border-l-4 [&_blockquote]:pl-4',
  '[&_code]:bg-muted [&_code]:rounded [&_code]:px-1 [&_pre]:bg-muted [&_pre]:mt-3 [&_pre]:overflow-x-auto [&_pre]:p-3',
].join(' ');

/** /ad/{id}: one ad; members reply or report it, its author edits or closes it. */
export function AdPage({
  ad,
  spaces,
  today,
  latestEnd,
}: {
  ad: TAd;
  /** The author's spaces (for editing); empty for anyone else. */
  spaces: TSpaceOption[];
  today: string;
  latestEnd: string;
}) {
  const { t } = useTranslation('community');
  const locale = useLocale();
  const { revalidate } = useRevalidator();
  // Closing is a button alone: a refusal is said as one message.
  const closing = useForm({ namespace: 'community', fields: false });
  const day = (instant: string) =>
    formatCalendarDate(lastDayOfUse(instant, 'Europe/Paris'), locale, {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    });

  async function close() {
    await closing.run(async () => {
      await call(closeAd, { id: ad.id });
      void revalidate();
    }, t('ad.closed'));
  }

  const open = ad.status === 'open';
  return (
    <main id="main" className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <BackLink to="/community?tab=ads" label={t('ad.breadcrumb')} className="mb-4">
        {t('ad.back')}
      </BackLink>
      <article className="bg-surface border-line rounded-2xl border p-5 sm:p-8">
        <AdBadges ad={ad} />
        <h1 className="mt-3 text-3xl font-bold tracking-tight break-words">{ad.title}</h1>
        <p className="text-ink-soft mt-2 text-sm">
          {t('ad.meta', {
            author: ad.authorName,
            spaces: ad.spaces.join(', '),
            posted: day(ad.createdAt),
            ends: day(ad.endsAt),
          })}
        </p>
        {ad.image ? (
          <img
            src={ad.image.url}
            srcSet={srcSetOf(ad.image.url)}
            sizes={IMAGE_SIZES.column}
            alt={adImageAlt(ad, (title) => t('ad.imageAlt', { title }))}
            className="bg-muted mt-5 max-h-[28rem] w-full rounded-xl object-contain"
          />
        ) : null}
        {ad.status === 'hidden' && ad.hiddenReason ? (
          <Notice tone="error" className="mt-4">
            <p className="font-medium">{t('ad.hidden')}</p>
            <p className="mt-1 whitespace-pre-line">{ad.hiddenReason}</p>
          </Notice>
        ) : null}
        {ad.status === 'closed' ? (
          <Notice className="mt-4">{ad.isAuthor ? t('ad.closedByYou') : t('ad.closedNotice')}</Notice>
        ) : null}
        <div
          className={MARKDOWN_CLASS}
          // Rendered and sanitised on the server (server/platform/markdown.ts).
          dangerouslySetInnerHTML={{ __html: ad.bodyHtml }}
        />
        <div className="border-line mt-8 flex flex-wrap gap-2 border-t pt-4">
          {ad.isAuthor ? (
            open ? (
              <>
                <AdFormDialog spaces={spaces} ad={ad} today={today} latest={latestEnd} />
                <Button variant="outline" size="sm" disabled={closing.pending} onClick={close}>
                  {t('ad.close')}
                </Button>
              </>
            ) : null
          ) : (
            <>
              {open ? (
                <MessageDialog
                  trigger={t('ad.reply')}
                  triggerVariant="primary"
                  title={t('ad.replyTitle', { title: ad.title })}
                  success={t('ad.replied')}
                  send={(message) => call(replyToAd, { adId: ad.id, message })}
                />
              ) : null}
              <ReportDialog
                trigger={t('report.button')}
                triggerVariant="ghost"
                title={t('report.titleAd', { title: ad.title })}
                send={(reason) => call(reportContent, { subject: 'ad', subjectId: ad.id, reason })}
              />
            </>
          )}
        </div>
      </article>
    </main>
  );
}
