import { Building, Plus } from 'lucide-react';
import { useTranslation } from '~/platform/translation';
import { Link } from 'react-router';
import { acceptInvitation, type TInvitation, type TMySpace } from '#contract/back-office';
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

function Invitations({ invitations }: { invitations: TInvitation[] }) {
  const { t } = useTranslation('backoffice');
  const accept = useOperation(acceptInvitation);
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
      <section aria-labelledby="managed-title">
        <h2 id="managed-title" className="mb-4 text-xl font-semibold">
          {t('my.managed')}
        </h2>
        {managed.length ? (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {managed.map((space) => (
              <SpaceTile key={space.id} space={space} manage />
            ))}
          </ul>
        ) : (
          <EmptyState icon={Building} title={t('my.noneManaged')} />
        )}
      </section>
      <section aria-labelledby="member-title">
        <h2 id="member-title" className="mb-4 text-xl font-semibold">
          {t('my.member')}
        </h2>
        {member.length ? (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {member.map((space) => (
              <SpaceTile key={space.id} space={space} manage={false} />
            ))}
          </ul>
        ) : (
          <p className="text-ink-soft">{t('my.emptyMember')}</p>
        )}
      </section>
      {others.length ? (
        <section aria-labelledby="others-title">
          <h2 id="others-title" className="mb-4 text-xl font-semibold">
            {t('my.others')}
          </h2>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {others.map((space) => (
              <SpaceTile key={space.id} space={space} manage />
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}
