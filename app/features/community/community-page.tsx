import { srcSetOf } from '#contract/image-variants';
import { IMAGE_SIZES } from '~/ui/photo';
import { Megaphone, Users } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '~/platform/translation';
import { Form, Link } from 'react-router';
import {
  AD_CATEGORIES,
  AD_KINDS,
  COMMUNITY_LIMITS,
  answerMessage,
  contactMember,
  reportContent,
  type TAdSummary,
  type TDirectoryMember,
  type TReceivedMessage,
  type TSpaceOption,
} from '#contract/community';
import { lastDayOfUse } from '#contract/dates';
import { call } from '~/platform/callable-client';
import { formatCalendarDate } from '~/platform/format';
import { useForm } from '~/platform/use-form';
import { useLocale } from '~/platform/use-locale';
import { Button, buttonClass } from '~/ui/button';
import { EmptyState } from '~/ui/empty-state';
import { Checkbox, choicesOf, FilterSelect, Input, Textarea } from '~/ui/field';
import { LinkTabs } from '~/ui/link-tabs';
import { Notice } from '~/ui/notice';
import { AdBadges } from './ad-badges';
import { AdFormDialog } from './ad-form';
import { MemberCard, type MemberAction } from './member-card';
import { MessageDialog, ReportDialog } from './text-dialog';

export const COMMUNITY_TABS = ['directory', 'ads'] as const;
export type CommunityTab = (typeof COMMUNITY_TABS)[number];

export interface CommunityFilters {
  q: string;
  spaceId: string;
  category: string;
  kind: string;
  mine: boolean;
  page: number;
}

export interface CommunityPageData {
  viewerId: string;
  tab: CommunityTab;
  filters: CommunityFilters;
  spaces: TSpaceOption[];
  members: TDirectoryMember[] | null;
  ads: Array<TAdSummary & { status: string }> | null;
  hasMore: boolean;
  received: TReceivedMessage | null;
  today: string;
  latestEnd: string;
}

/** The URL of this page with other filters or another page, keeping the tab. */
function hrefOf(tab: CommunityTab, filters: CommunityFilters, page: number): string {
  const params = new URLSearchParams({ tab });
  if (filters.q) params.set('q', filters.q);
  if (filters.spaceId) params.set('spaceId', filters.spaceId);
  if (tab === 'ads') {
    if (filters.category) params.set('category', filters.category);
    if (filters.kind) params.set('kind', filters.kind);
    if (filters.mine) params.set('mine', '1');
  }
  if (page > 1) params.set('page', String(page));
  return `?${params.toString()}`;
}

/** /community: the directory of my spaces' members and their ads, one tab each (the URL says which). */
export function CommunityPage({ data }: { data: CommunityPageData }) {
  const { t } = useTranslation('community');
  const { tab, filters } = data;
  return (
    <main id="main" className="mx-auto w-full max-w-5xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight">{t('title')}</h1>
      <p className="text-ink-soft mt-2 max-w-2xl">{t('intro')}</p>
      {data.received ? <AnswerPanel received={data.received} /> : null}
      <LinkTabs
        label={t('tabs.label')}
        look="filled"
        className="mt-6"
        tabs={COMMUNITY_TABS.map((name) => ({
          id: name,
          to: `?tab=${name}`,
          current: name === tab,
          children: (
            <>
              {name === 'directory' ? (
                <Users aria-hidden className="size-4" />
              ) : (
                <Megaphone aria-hidden className="size-4" />
              )}
              {t(`tabs.${name}`)}
            </>
          ),
        }))}
      />
      {tab === 'directory' ? <DirectoryTab data={data} /> : <AdsTab data={data} />}
      {filters.page > 1 || data.hasMore ? (
        <nav aria-label={t('pages.label')} className="mt-8 flex items-center justify-between gap-4">
          {filters.page > 1 ? (
            <Link to={hrefOf(tab, filters, filters.page - 1)} rel="prev" className={buttonClass('outline')}>
              {t('pages.previous')}
            </Link>
          ) : (
            <span />
          )}
          <p className="text-ink-soft text-sm">{t('pages.status', { page: filters.page })}</p>
          {data.hasMore ? (
            <Link to={hrefOf(tab, filters, filters.page + 1)} rel="next" className={buttonClass('outline')}>
              {t('pages.next')}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </main>
  );
}

function SpaceSelect({ spaces, value }: { spaces: TSpaceOption[]; value: string }) {
  const { t } = useTranslation('community');
  return (
    <FilterSelect
      name="spaceId"
      defaultValue={value}
      label={t('filters.space')}
      anyLabel={t('filters.allSpaces')}
      choices={spaces.map((space) => ({ value: space.id, label: space.name }))}
    />
  );
}

function DirectoryTab({ data }: { data: CommunityPageData }) {
  const { t } = useTranslation('community');
  const members = data.members ?? [];
  // The one message form and the one report form of the list, for the card that asked.
  // Kept after closing, so the closing dialog keeps its words while focus goes back to the card's button.
  const [asked, setAsked] = useState<{ member: TDirectoryMember; action: MemberAction } | null>(null);
  const [open, setOpen] = useState(false);
  const askedName = asked ? (asked.member.name ?? t('directory.unnamed')) : '';
  return (
    <section aria-labelledby="directory-heading" className="mt-6">
      <h2 id="directory-heading" className="sr-only">
        {t('tabs.directory')}
      </h2>
      <Form method="get" role="search" className="grid items-end gap-3 sm:grid-cols-[2fr_1fr_auto]">
        <input type="hidden" name="tab" value="directory" />
        <Input
          name="q"
          type="search"
          defaultValue={data.filters.q}
          maxLength={COMMUNITY_LIMITS.query}
          label={t('filters.searchMembers')}
        />
        <SpaceSelect spaces={data.spaces} value={data.filters.spaceId} />
        <Button type="submit">{t('filters.search')}</Button>
      </Form>
      <p className="text-ink-soft mt-4 text-sm">
        {t('directory.optInHint')}{' '}
        <Link to="/profile#directory" className="text-primary-ink underline underline-offset-2">
          {t('directory.optInLink')}
        </Link>
      </p>
      {members.length ? (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {members.map((member) => (
            <MemberCard
              key={member.id}
              member={member}
              isSelf={member.id === data.viewerId}
              onAction={(target, action) => {
                setAsked({ member: target, action });
                setOpen(true);
              }}
            />
          ))}
        </ul>
      ) : (
        <div className="mt-6">
          <EmptyState icon={Users} title={t('directory.emptyTitle')}>
            {data.spaces.length ? t('directory.empty') : t('noSpaces')}
          </EmptyState>
        </div>
      )}
      {asked ? (
        <MessageDialog
          key={`contact-${asked.member.id}`}
          open={open && asked.action === 'contact'}
          onOpenChange={setOpen}
          title={t('contact.title', { name: askedName })}
          success={t('contact.sent')}
          send={(message) => call(contactMember, { memberId: asked.member.id, message })}
        />
      ) : null}
      {asked ? (
        <ReportDialog
          key={`report-${asked.member.id}`}
          open={open && asked.action === 'report'}
          onOpenChange={setOpen}
          title={t('report.titleProfile', { name: askedName })}
          send={(reason) => call(reportContent, { subject: 'profile', subjectId: asked.member.id, reason })}
        />
      ) : null}
    </section>
  );
}

function AdsTab({ data }: { data: CommunityPageData }) {
  const { t } = useTranslation('community');
  const locale = useLocale();
  const ads = data.ads ?? [];
  const { filters } = data;
  return (
    <section aria-labelledby="ads-heading" className="mt-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="ads-heading" className="text-xl font-semibold">
          {filters.mine ? t('ads.mineTitle') : t('ads.title')}
        </h2>
        {data.spaces.length ? (
          <AdFormDialog spaces={data.spaces} today={data.today} latest={data.latestEnd} />
        ) : null}
      </div>
      <Form method="get" role="search" className="grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <input type="hidden" name="tab" value="ads" />
        <Input
          name="q"
          type="search"
          defaultValue={filters.q}
          maxLength={COMMUNITY_LIMITS.query}
          label={t('filters.searchAds')}
        />
        <FilterSelect
          name="category"
          defaultValue={filters.category}
          label={t('filters.category')}
          anyLabel={t('filters.allCategories')}
          choices={choicesOf(AD_CATEGORIES, (category) => t(`categories.${category}`))}
        />
        <FilterSelect
          name="kind"
          defaultValue={filters.kind}
          label={t('filters.kind')}
          anyLabel={t('filters.allKinds')}
          choices={choicesOf(AD_KINDS, (kind) => t(`kinds.${kind}`))}
        />
        <SpaceSelect spaces={data.spaces} value={filters.spaceId} />
        <Checkbox name="mine" value="1" defaultChecked={filters.mine} label={t('filters.mine')} />
        <Button type="submit" className="sm:col-start-2 lg:col-start-4">
          {t('filters.search')}
        </Button>
      </Form>
      {ads.length ? (
        <ul className="mt-6 flex flex-col gap-3">
          {ads.map((ad) => (
            <li key={ad.id} className="bg-surface border-line flex gap-4 rounded-2xl border p-4">
              {ad.imageUrl ? (
                // A thumbnail beside the title: decorative (the ad's page describes the image).
                <img
                  src={ad.imageUrl}
                  srcSet={srcSetOf(ad.imageUrl)}
                  sizes={IMAGE_SIZES.thumbnail}
                  alt=""
                  loading="lazy"
                  className="bg-muted size-20 shrink-0 rounded-lg object-cover sm:size-24"
                />
              ) : null}
              <div className="min-w-0 flex-1">
                <AdBadges ad={ad} listed />
                <h3 className="mt-2 text-lg font-semibold">
                  <Link to={`/ad/${ad.id}`} className="text-primary-ink underline-offset-2 hover:underline">
                    {ad.title}
                  </Link>
                </h3>
                <p className="text-ink-soft mt-1 text-sm break-words">{ad.excerpt}</p>
                <p className="text-ink-soft mt-2 text-xs">
                  {t('ads.meta', {
                    author: ad.authorName,
                    spaces: ad.spaces.join(', '),
                    date: formatCalendarDate(lastDayOfUse(ad.endsAt, 'Europe/Paris'), locale, {
                      day: 'numeric',
                      month: 'long',
                      year: 'numeric',
                    }),
                  })}
                </p>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <div className="mt-6">
          <EmptyState icon={Megaphone} title={t('ads.emptyTitle')}>
            {data.spaces.length ? t('ads.empty') : t('noSpaces')}
          </EmptyState>
        </div>
      )}
    </section>
  );
}

/** Answering a relayed message, opened from the e-mail's button (`?reply=<id>`). */
function AnswerPanel({ received }: { received: TReceivedMessage }) {
  const { t } = useTranslation('community');
  const form = useForm({ namespace: 'community', fieldMessages: 'community:errors' });
  const [sent, setSent] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const message = String(new FormData(event.currentTarget).get('message') ?? '').trim();
    if (!message) {
      form.setErrors({ message: 'messageRequired' });
      return;
    }
    if ((await form.run(() => call(answerMessage, { messageId: received.id, message }))) !== null)
      setSent(true);
  }

  return (
    <section
      aria-labelledby="answer-heading"
      className="bg-surface border-primary/40 mt-6 rounded-2xl border p-5"
    >
      <h2 id="answer-heading" className="text-lg font-semibold">
        {received.adTitle
          ? t('answer.titleAd', { name: received.senderName, title: received.adTitle })
          : t('answer.title', { name: received.senderName })}
      </h2>
      {sent ? (
        <Notice tone="success" className="mt-3">
          {t('answer.sent', { name: received.senderName })}
        </Notice>
      ) : (
        <form noValidate onSubmit={submit} className="mt-3 flex flex-col gap-3">
          <Textarea
            name="message"
            required
            rows={4}
            maxLength={COMMUNITY_LIMITS.message}
            label={t('answer.message')}
            hint={t('contact.privacy')}
            error={form.errorOf('message')}
          />
          <Button type="submit" disabled={form.pending} className="self-start">
            {form.pending ? t('sending') : t('answer.send')}
          </Button>
        </form>
      )}
    </section>
  );
}
