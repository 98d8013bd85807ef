import { useState } from 'react';
import { useTranslation } from '~/platform/translation';
import { archiveSpace, publishSpace, type TManagedSpace } from '#contract/back-office';
import { Button } from '~/ui/button';
import { Dialog } from '~/ui/dialog';
import { TextLink } from '~/ui/link';
import { toast } from '~/ui/toast-store';
import { Section } from '~/ui/section';
import { useOperation } from '~/platform/use-operation';

/** Status of the space, what publishing still needs, and publish / archive. */
export function PublishPanel({ space, onPublished }: { space: TManagedSpace; onPublished?: () => void }) {
  const { t } = useTranslation('backoffice');
  const publish = useOperation(publishSpace);
  const archive = useOperation(archiveSpace);
  const [confirming, setConfirming] = useState(false);
  const name = space.identity.name;
  const canArchive = space.myRole !== 'manager';

  async function publishNow() {
    if (await publish.run({ spaceId: space.id })) {
      toast({ title: t('publish.published', { name }), color: 'success' });
      onPublished?.();
    }
  }

  return (
    <Section title={t('publish.title')}>
      <p className="font-medium">{t('publish.statusLine', { status: t(`status.${space.status}`) })}</p>
      {space.missing.length ? (
        <div>
          <p>{t('publish.missingTitle')}</p>
          <ul className="mt-1 list-disc pl-5">
            {space.missing.map((missing) => (
              <li key={missing}>{t(`publish.missing.${missing}`)}</li>
            ))}
          </ul>
        </div>
      ) : space.status !== 'published' ? (
        <p>{t('publish.ready')}</p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        {space.status !== 'published' ? (
          <Button onClick={() => void publishNow()} disabled={publish.pending || space.missing.length > 0}>
            {space.status === 'archived' ? t('publish.republish') : t('publish.publish')}
          </Button>
        ) : null}
        <TextLink to={`/spaces/${space.slug}`}>
          {space.status === 'published' ? t('office.seePublic') : t('office.preview')}
        </TextLink>
      </div>
      {space.status !== 'archived' ? (
        <div className="border-line flex flex-col gap-2 border-t pt-4">
          <p className="text-ink-soft text-sm">
            {canArchive ? t('publish.archiveHint') : t('publish.ownerOnly')}
          </p>
          {canArchive ? (
            <Button variant="outline" className="self-start" onClick={() => setConfirming(true)}>
              {t('publish.archive')}
            </Button>
          ) : null}
        </div>
      ) : null}
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('publish.archiveConfirm', { name })}
        description={t('publish.archiveHint')}
      >
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="ghost" onClick={() => setConfirming(false)}>
            {t('cancel')}
          </Button>
          <Button
            variant="danger"
            onClick={() =>
              void archive.run({ spaceId: space.id }).then((done) => {
                setConfirming(false);
                if (done) toast({ title: t('publish.archived', { name }), color: 'success' });
              })
            }
          >
            {t('publish.archive')}
          </Button>
        </div>
      </Dialog>
    </Section>
  );
}
