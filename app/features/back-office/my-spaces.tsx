import { Building, Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '~/platform/translation';
import { Link } from 'react-router';
import type { TInvitation, TMySpace } from '#contract/back-office';
import { invitationCalls } from '#contract/back-office.plain';
import { Button, buttonClass } from '~/ui/button';
import { EmptyState } from '~/ui/empty-state';
import { Photo } from '~/ui/photo';
import { toast } from '~/ui/toast-store';
import { StatusBadge } from './status-badge';
import { useOperation } from '~/platform/use-operation';

function SpaceTile({ space, manage }: { space: TMySpace; manage: boolean }) {
  const { t } = useTranslation('backoffice');
  return (
    <li className="border-line bg-surface flex flex-col overflow-hidden rounded-2xl border">
      <Photo src={space.coverUrl} alt="" placeholder={t('spaces:card.noPhoto')} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="text-lg font-semibold">{space.name}</h3>
          <StatusBadge status={space.status} />
        </div>
        <p className="text-ink-soft text-sm">
          {[space.city, t(`my.roles.${space.role}`)].filter(Boolean).join(' · ')}
        </p>
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          {manage ? (
            <Link to={`/myspaces/${space.id}`} className={buttonClass('primary', 'sm')}>
              {t('my.manage', { name: space.name })}
            </Link>
          ) : null}
          {space.status === 'published' || manage ? (
            <Link to={`/spaces/${space.slug}`} className={buttonClass('outline', 'sm')}>
              {t('my.see')}
            </Link>
          ) : null}
        </div>
      </div>
    </li>
  );
}

/** A titled grid of spaces; `empty` is shown when there are none. */
function SpaceGroup({
  id,
  title,
  spaces,
  manage,
  empty = null,
}: {
  id: string;
  title: string;
  spaces: TMySpace[];
  manage: boolean;
  empty?: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-4 text-xl font-semibold">
        {title}
      </h2>
      {spaces.length ? (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {spaces.map((space) => (
            <SpaceTile key={space.id} space={space} manage={manage} />
          ))}
        </ul>
      ) : (
        empty
      )}
    </section>
  );
}

function Invitations({ invitations }: { invitations: TInvitation[] }) {
  const { t } = useTranslation('backoffice');
  const accept = useOperation(invitationCalls.accept);
  if (!invitations.length) return null;
  return (
    <section aria-labelledby="invitations-title" className="border-primary rounded-2xl border-2 p-5">
      <h2 id="invitations-title" className="mb-3 text-xl font-semibold">
        {t('my.invitations')}
      </h2>
      <ul className="flex flex-col gap-3">
        {invitations.map((invitation) => (
          <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-3">
            <span>
              {t('my.invitedAs', {
                space: invitation.spaceName,
                role: t(`my.invitedRoles.${invitation.role}`),
              })}
            </span>
            <Button
              size="sm"
              onClick={() =>
                void accept
                  .run({ invitationId: invitation.id })
                  .then(
                    (done) =>
                      done &&
                      toast({ title: t('my.accepted', { space: invitation.spaceName }), color: 'success' }),
                  )
              }
            >
              {t('my.accept')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /myspaces: the spaces I run (entry to their back office), those I belong to, invitations waiting. */
export function MySpaces({
  managed,
  member,
  invitations,
  others,
}: {
  managed: TMySpace[];
  member: TMySpace[];
  invitations: TInvitation[];
  others: TMySpace[];
}) {
  const { t } = useTranslation('backoffice');
  return (
    <main id="main" className="mx-auto flex max-w-6xl flex-col gap-10 px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">{t('my.title')}</h1>
        <Link to="/start?step=identity" className={buttonClass('primary')}>
          <Plus aria-hidden className="size-4" />
          {t('my.create')}
        </Link>
      </div>
      <Invitations invitations={invitations} />
      <SpaceGroup
        id="managed-title"
        title={t('my.managed')}
        spaces={managed}
        manage
        empty={<EmptyState icon={Building} title={t('my.noneManaged')} />}
      />
      <SpaceGroup
        id="member-title"
        title={t('my.member')}
        spaces={member}
        manage={false}
        empty={<p className="text-ink-soft">{t('my.emptyMember')}</p>}
      />
      {others.length ? <SpaceGroup id="others-title" title={t('my.others')} spaces={others} manage /> : null}
    </main>
  );
}
