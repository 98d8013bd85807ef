import { TZDate } from '@date-fns/tz';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from '~/platform/translation';
import {
  articlePath,
  createArticle,
  deleteArticle,
  previewMarkdown,
  publishArticle,
  unpublishArticle,
  updateArticle,
  type TAdminArticle,
  type TArticleVersion,
} from '#contract/blog';
import { useLocale } from '~/platform/use-locale';
import { useSafeNavigate } from '~/platform/use-safe-navigate';
import { Button } from '~/ui/button';
import { cn } from '~/ui/cn';
import { Checkbox, Input, Textarea } from '~/ui/field';
import { TextLink } from '~/ui/link';
import { MarkdownBody } from '~/ui/markdown-body';
import { formatParisMoment, STATE_BADGE } from './articles-table';
import { useAdminOperation } from './use-admin-operation';

const EMPTY_VERSION: TArticleVersion = { title: '', excerpt: '', body: '', coverAlt: '' };

/** `2026-12-01T09:30` typed in Paris's time → the instant. */
function parisInstant(local: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  return new TZDate(year, month - 1, day, hour, minute, 'Europe/Paris').toISOString();
}

function VersionFields({
  lang,
  version,
  onChange,
  errorOf,
  withCover,
}: {
  lang: 'fr' | 'en';
  version: TArticleVersion;
  onChange: (version: TArticleVersion) => void;
  errorOf: (path: string) => string | undefined;
  withCover: boolean;
}) {
  const { t } = useTranslation('admin');
  const preview = useAdminOperation(previewMarkdown);
  const [html, setHtml] = useState<string | null>(null);
  // A text of this language's version: its value, its edit, and its refusal (under `fr.` or `en.`).
  const textField = (key: keyof TArticleVersion) => ({
    value: version[key],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onChange({ ...version, [key]: event.target.value }),
    error: errorOf(`${lang}.${key}`),
  });
  const legendId = `version-${lang}`;
  return (
    <fieldset
      aria-labelledby={legendId}
      className="border-line flex flex-col gap-4 rounded-2xl border p-5"
      lang={lang}
    >
      <legend id={legendId} className="px-1 text-lg font-semibold">
        {t(lang === 'fr' ? 'blog.french' : 'blog.english')}
      </legend>
      <Input label={t('blog.fields.title')} {...textField('title')} maxLength={140} required />
      <Textarea
        label={t('blog.fields.excerpt')}
        rows={2}
        {...textField('excerpt')}
        maxLength={300}
        required
      />
      <Textarea
        label={t('blog.fields.body')}
        hint={t('blog.fields.bodyHint')}
        rows={14}
        className="font-mono text-sm"
        {...textField('body')}
        required
      />
      {withCover ? (
        <Input label={t('blog.fields.coverAlt')} {...textField('coverAlt')} maxLength={200} />
      ) : null}
      <div>
        <Button
          variant="outline"
          disabled={preview.pending}
          onClick={async () => {
            const result = await preview.run({ markdown: version.body });
            if (result) setHtml(result.html);
          }}
        >
          {t('blog.preview')}
        </Button>
      </div>
      {html !== null ? (
        <section
          aria-label={t('blog.previewOf', { title: version.title })}
          className="bg-muted rounded-xl p-5"
        >
          {html ? <MarkdownBody html={html} /> : <p className="text-ink-soft">{t('blog.previewEmpty')}</p>}
        </section>
      ) : null}
    </fieldset>
  );
}

/** Writes an article (new or existing): its address, topics, cover, French and English versions. */
export function ArticleEditor({ article }: { article: TAdminArticle | null }) {
  const { t } = useTranslation('admin');
  const navigate = useSafeNavigate();
  const initial = article?.draft;
  const [slug, setSlug] = useState(initial?.slug ?? '');
  const [tags, setTags] = useState(initial?.tags.join(', ') ?? '');
  const [coverUrl, setCoverUrl] = useState(initial?.coverUrl ?? '');
  const [fr, setFr] = useState<TArticleVersion>(initial?.fr ?? EMPTY_VERSION);
  const [en, setEn] = useState<TArticleVersion>(initial?.en ?? EMPTY_VERSION);
  const [withEnglish, setWithEnglish] = useState(Boolean(initial?.en));
  const create = useAdminOperation(createArticle);
  const update = useAdminOperation(updateArticle);
  const operation = article ? update : create;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const draft = {
      slug,
      tags: tags
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
      coverUrl: coverUrl.trim() || null,
      fr,
      en: withEnglish ? en : null,
    };
    if (article) {
      await update.run({ id: article.id, article: draft }, t('saved'));
    } else {
      const created = await create.run(draft, t('blog.createdToast'));
      if (created) await navigate(`/admin/blog/${created.id}`);
    }
  }
  const errorOf = (path: string) => operation.errorOf(article ? `article.${path}` : path);
  const withCover = coverUrl.trim() !== '';

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6">
      <div className="grid gap-4 md:grid-cols-2">
        <Input
          label={t('blog.fields.slug')}
          hint={t('blog.fields.slugHint')}
          value={slug}
          onChange={(e) => setSlug(e.target.value)}
          error={errorOf('slug')}
          maxLength={80}
          required
        />
        <Input
          label={t('blog.fields.tags')}
          hint={t('blog.fields.tagsHint')}
          value={tags}
          onChange={(e) => setTags(e.target.value)}
          error={errorOf('tags') ?? errorOf('tags.0')}
        />
        <Input
          containerClassName="md:col-span-2"
          label={t('blog.fields.coverUrl')}
          hint={t('blog.fields.coverUrlHint')}
          value={coverUrl}
          onChange={(e) => setCoverUrl(e.target.value)}
          error={errorOf('coverUrl')}
        />
      </div>
      <VersionFields lang="fr" version={fr} onChange={setFr} errorOf={errorOf} withCover={withCover} />
      <Checkbox
        label={t('blog.fields.withEnglish')}
        checked={withEnglish}
        onChange={(e) => setWithEnglish(e.target.checked)}
      />
      {withEnglish ? (
        <VersionFields lang="en" version={en} onChange={setEn} errorOf={errorOf} withCover={withCover} />
      ) : null}
      <div>
        <Button type="submit" disabled={operation.pending}>
          {operation.pending ? t('saving') : t('save')}
        </Button>
      </div>
    </form>
  );
}

/** Where the article stands, and publishing it now, at a time (scheduling), back to draft, or deleting it. */
export function PublishPanel({ article }: { article: TAdminArticle }) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const navigate = useSafeNavigate();
  const publish = useAdminOperation(publishArticle);
  const unpublish = useAdminOperation(unpublishArticle);
  const remove = useAdminOperation(deleteArticle);
  const [at, setAt] = useState('');
  const [atError, setAtError] = useState<string | undefined>();
  const when = article.publishedAt ? formatParisMoment(article.publishedAt, locale) : null;

  async function schedule(event: FormEvent) {
    event.preventDefault();
    const instant = parisInstant(at);
    if (!instant) {
      setAtError(t('validation.required'));
      return;
    }
    setAtError(undefined);
    await publish.run({ id: article.id, publishAt: instant }, t('blog.scheduledToast'));
  }

  return (
    <section
      aria-labelledby="publication"
      className="border-line bg-surface flex flex-col gap-4 rounded-2xl border p-5"
    >
      <h2 id="publication" className="text-xl font-semibold">
        {t('blog.publication')}
      </h2>
      <p className="flex flex-wrap items-center gap-2">
        <span className={cn('rounded-full px-2 py-0.5 text-sm font-medium', STATE_BADGE[article.state])}>
          {t(`states.${article.state}`)}
        </span>
        {when && article.state === 'scheduled' ? <span>{t('blog.scheduledFor', { date: when })}</span> : null}
        {when && article.state === 'published' ? <span>{t('blog.publishedOn', { date: when })}</span> : null}
        {article.state === 'published' ? (
          <TextLink to={articlePath(article.draft.slug)}>{t('blog.view')}</TextLink>
        ) : null}
      </p>
      <div className="flex flex-wrap gap-3">
        {article.state !== 'published' ? (
          <Button
            disabled={publish.pending}
            onClick={() => publish.run({ id: article.id }, t('blog.publishedToast'))}
          >
            {t('blog.publishNow')}
          </Button>
        ) : null}
        {article.state !== 'draft' ? (
          <Button
            variant="outline"
            disabled={unpublish.pending}
            onClick={() => unpublish.run({ id: article.id }, t('blog.unpublishedToast'))}
          >
            {t('blog.unpublish')}
          </Button>
        ) : null}
      </div>
      <form onSubmit={schedule} noValidate className="flex flex-wrap items-end gap-3">
        <Input
          type="datetime-local"
          label={t('blog.publishAt')}
          value={at}
          onChange={(e) => setAt(e.target.value)}
          error={atError ?? publish.errorOf('publishAt')}
        />
        <Button type="submit" variant="outline" disabled={publish.pending}>
          {t('blog.schedule')}
        </Button>
      </form>
      <div>
        <Button
          variant="danger"
          disabled={remove.pending}
          onClick={async () => {
            if (!window.confirm(t('blog.confirmDelete'))) return;
            if (await remove.run({ id: article.id }, t('blog.deletedToast'))) await navigate('/admin/blog');
          }}
        >
          {t('blog.deleteArticle')}
        </Button>
      </div>
    </section>
  );
}
