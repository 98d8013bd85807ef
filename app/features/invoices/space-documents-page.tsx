import { CircleCheck, CircleDashed, Files } from 'lucide-react';
import { messageOfError } from '~/platform/form-errors';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '~/platform/translation';
import { Link, useRevalidator } from 'react-router';
import type { Translate } from '#contract/translator';
import {
  createSharedDocument,
  revokeDocumentShare,
  shareDocument,
  SHARED_DOCUMENT_LIMITS,
  SHARED_DOCUMENT_PURPOSE,
  type TManagedDocument,
  type TShareTarget,
} from '#contract/documents';
import { StorageError } from '#contract/storage';
import { Section } from '~/ui/section';
import { call } from '~/platform/callable-client';
import { deleteFile, imageLimitText, uploadFile } from '~/platform/storage-client';
import { useFormOperation } from '~/platform/use-form-operation';
import { useLocale } from '~/platform/use-locale';
import { Button } from '~/ui/button';
import { EmptyState } from '~/ui/empty-state';
import { Input, Select } from '~/ui/field';
import { Notice } from '~/ui/notice';
import { Progress } from '~/ui/progress';
import { toast } from '~/ui/toast-store';
import { formatMomentDay } from '#contract/moment-day';
import { describeFile } from './document-format';

export interface SpaceDocumentsData {
  spaceId: string;
  spaceName: string;
  documents: TManagedDocument[];
  members: Array<{ id: string; name: string }>;
}

const ACCEPTED = SHARED_DOCUMENT_LIMITS.types.join(',');
const MAX_MEGABYTES = SHARED_DOCUMENT_LIMITS.maxBytes / (1024 * 1024);

/** `space`, or `member:<id>`, as the audience select holds it. */
function targetOf(value: string): TShareTarget {
  return value.startsWith('member:')
    ? { audience: 'member', memberId: value.slice('member:'.length) }
    : { audience: 'space' };
}

/** Why an upload failed, in the manager's words (the type is read from the bytes, not the name). */
function uploadErrorMessage(t: Translate, locale: string, error: unknown): string {
  if (error instanceof StorageError) {
    if (error.reason === 'type') return t('invoices:spaceDocuments.errors.type');
    if (error.reason === 'size') return t('invoices:spaceDocuments.errors.size', { max: MAX_MEGABYTES });
    if (error.reason === 'active-content') return t('invoices:spaceDocuments.errors.activeContent');
    if (error.reason === 'dimensions')
      return t('invoices:spaceDocuments.errors.dimensions', imageLimitText(locale));
    if (error.reason === 'empty') return t('invoices:spaceDocuments.errors.empty');
    return t('invoices:spaceDocuments.errors.other');
  }
  return messageOfError(t, error, 'invoices');
}

function AudienceSelect({
  name,
  label,
  members,
}: {
  name: string;
  label: string;
  members: SpaceDocumentsData['members'];
}) {
  const { t } = useTranslation('invoices');
  return (
    <Select
      name={name}
      label={label}
      defaultValue="space"
      choices={members.map((member) => ({ value: `member:${member.id}`, label: member.name }))}
    >
      <option value="space">{t('spaceDocuments.allMembers')}</option>
    </Select>
  );
}

/** Upload with its progress bar, then the document is created and shared in one operation. */
function UploadForm({ spaceId, members }: { spaceId: string; members: SpaceDocumentsData['members'] }) {
  const { t, i18n } = useTranslation(['invoices', 'common']);
  const revalidator = useRevalidator();
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const errorId = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const file = data.get('file');
    if (!(file instanceof File) || file.size === 0) {
      setError(t('invoices:spaceDocuments.errors.empty'));
      return;
    }
    setError(null);
    setPercent(0);
    let key: string | null = null;
    try {
      if (file.size > SHARED_DOCUMENT_LIMITS.maxBytes)
        throw new StorageError('storage/quota-exceeded', undefined, { reason: 'size' });
      const uploaded = await uploadFile(file, {
        purpose: SHARED_DOCUMENT_PURPOSE,
        onProgress: (fraction) => setPercent(Math.round(fraction * 100)),
      });
      key = uploaded.key;
      await call(createSharedDocument, {
        spaceId,
        fileKey: uploaded.key,
        title: title.trim() || file.name,
        share: targetOf(String(data.get('audience'))),
      });
      key = null;
      form.reset();
      setTitle('');
      toast({ title: t('invoices:spaceDocuments.shared'), color: 'success' });
      void revalidator.revalidate();
    } catch (failure) {
      const message = uploadErrorMessage(t, i18n.language, failure);
      setError(message);
      toast({ title: message, color: 'error' });
      // An upload the document never used is removed.
      if (key) void deleteFile(key).catch(() => undefined);
    } finally {
      setPercent(null);
    }
  }

  return (
    <form className="flex flex-col gap-3" onSubmit={(event) => void submit(event)}>
      <div className="grid gap-3 md:grid-cols-2">
        <Input
          name="file"
          type="file"
          label={t('invoices:spaceDocuments.file')}
          hint={t('invoices:spaceDocuments.fileHint', { max: MAX_MEGABYTES })}
          accept={ACCEPTED}
          required
          aria-errormessage={error ? errorId : undefined}
          onChange={(event) => {
            setError(null);
            const chosen = event.currentTarget.files?.[0];
            if (chosen && !title) setTitle(chosen.name.replace(/\.[^.]+$/, ''));
          }}
        />
        <Input
          name="title"
          label={t('invoices:spaceDocuments.documentTitle')}
          maxLength={200}
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
        />
        <AudienceSelect name="audience" label={t('invoices:spaceDocuments.shareWith')} members={members} />
      </div>
      {error ? (
        <Notice tone="error">
          <span id={errorId}>{error}</span>
        </Notice>
      ) : null}
      {percent !== null ? (
        <div className="space-y-1">
          <p className="text-ink-soft text-sm" aria-live="polite">
            {t('invoices:spaceDocuments.uploading', { percent })}
          </p>
          <Progress value={percent} label={t('invoices:spaceDocuments.progress')} />
        </div>
      ) : null}
      <div>
        <Button type="submit" disabled={percent !== null}>
          {t('invoices:spaceDocuments.upload')}
        </Button>
      </div>
    </form>
  );
}

function ManagedDocument({
  document,
  members,
}: {
  document: TManagedDocument;
  members: SpaceDocumentsData['members'];
}) {
  const { t } = useTranslation('invoices');
  const locale = useLocale();
  const share = useFormOperation(shareDocument, {
    namespace: 'invoices',
    success: t('spaceDocuments.shared'),
  });
  const revoke = useFormOperation(revokeDocumentShare, {
    namespace: 'invoices',
    success: t('spaceDocuments.revoked'),
  });
  const headingId = `document-${document.id}`;
  const read = document.readers.filter((reader) => reader.acknowledgedAt).length;
  const audienceName = (entry: TManagedDocument['shares'][number]) =>
    entry.audience === 'space' ? t('spaceDocuments.allMembers') : (entry.memberName ?? '');
  return (
    <li
      aria-labelledby={headingId}
      className="border-line flex flex-col gap-4 rounded-xl border p-4"
      data-testid="managed-document"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="text-lg font-semibold break-words">
            {document.title}
          </h3>
          <p className="text-ink-soft text-sm">
            {t('spaceDocuments.addedOn', { date: formatMomentDay(document.createdAt, locale) })}
            {' · '}
            {describeFile(document.contentType, document.size, locale)}
          </p>
        </div>
        <a
          className="text-primary-ink underline"
          href={document.url}
          download={document.fileName}
          aria-label={t('shared.downloadLabel', { title: document.title })}
        >
          {t('shared.download')}
        </a>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <div className="space-y-2">
          <h4 className="font-medium">{t('spaceDocuments.sharesTitle')}</h4>
          {document.shares.length === 0 ? (
            <p className="text-ink-soft text-sm">{t('spaceDocuments.notShared')}</p>
          ) : (
            <ul className="space-y-1 text-sm">
              {document.shares.map((entry) => (
                <li key={entry.id} className="flex flex-wrap items-center justify-between gap-2">
                  <span>
                    {audienceName(entry)}
                    <span className="text-ink-soft">
                      {' · '}
                      {t('spaceDocuments.since', { date: formatMomentDay(entry.sharedAt, locale) })}
                    </span>
                  </span>
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={revoke.pending}
                    aria-label={t('spaceDocuments.revokeLabel', {
                      title: document.title,
                      who: audienceName(entry),
                    })}
                    onClick={() => void revoke.run({ shareId: entry.id })}
                  >
                    {t('spaceDocuments.revoke')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              const value = String(new FormData(event.currentTarget).get('audience'));
              void share.run({ documentId: document.id, share: targetOf(value) });
            }}
          >
            <AudienceSelect
              name="audience"
              label={t('spaceDocuments.shareAgainLabel', { title: document.title })}
              members={members}
            />
            <Button type="submit" variant="outline" size="sm" disabled={share.pending}>
              {t('spaceDocuments.share')}
            </Button>
          </form>
        </div>
        <div className="space-y-2">
          <h4 className="font-medium">
            {t('spaceDocuments.readersTitle', { read, total: document.readers.length })}
          </h4>
          {document.readers.length === 0 ? (
            <p className="text-ink-soft text-sm">{t('spaceDocuments.noReaders')}</p>
          ) : (
            <ul className="space-y-1 text-sm" data-testid="readers">
              {document.readers.map((reader) => (
                <li key={reader.userId} className="flex flex-wrap items-center gap-2">
                  {reader.acknowledgedAt ? (
                    <CircleCheck aria-hidden className="text-success size-4" />
                  ) : (
                    <CircleDashed aria-hidden className="text-ink-soft size-4" />
                  )}
                  <span>{reader.name}</span>
                  <span className="text-ink-soft">
                    {reader.acknowledgedAt
                      ? t('shared.readOn', { date: formatMomentDay(reader.acknowledgedAt, locale) })
                      : t('spaceDocuments.notRead')}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </li>
  );
}

/** /myspaces/{id}/documents: upload, share, revoke, and who has read each document. */
export function SpaceDocumentsPage({ data }: { data: SpaceDocumentsData }) {
  const { t } = useTranslation('invoices');
  return (
    <main id="main" className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8">
      <div className="space-y-2">
        <Link className="text-primary-ink text-sm underline" to={`/myspaces/${data.spaceId}`}>
          {t('manage.back')}
        </Link>
        <h1 className="text-2xl font-bold">{t('spaceDocuments.title', { space: data.spaceName })}</h1>
        <p className="text-ink-soft">{t('spaceDocuments.lead')}</p>
      </div>
      <Section id="upload" title={t('spaceDocuments.uploadTitle')} hint={t('spaceDocuments.uploadLead')}>
        <UploadForm spaceId={data.spaceId} members={data.members} />
      </Section>
      <Section id="documents" title={t('spaceDocuments.listTitle')}>
        {data.documents.length === 0 ? (
          <EmptyState icon={Files} title={t('spaceDocuments.empty')} />
        ) : (
          <ul className="flex flex-col gap-4">
            {data.documents.map((document) => (
              <ManagedDocument key={document.id} document={document} members={data.members} />
            ))}
          </ul>
        )}
      </Section>
    </main>
  );
}
