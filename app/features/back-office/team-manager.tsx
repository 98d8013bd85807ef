import { Trash2, UserPlus, X } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '~/platform/translation';
import { cancelInvitation, inviteToSpace, removeFromTeam, type TInvitation } from '#contract/back-office';
import { Button } from '~/ui/button';
import { Input, Select } from '~/ui/field';
import { toast } from '~/ui/toast-store';
import { Section } from '~/ui/section';
import { useOperation } from '~/platform/use-operation';

export interface TeamMember {
  userId: string;
  name: string;
  email: string;
  role: 'owner' | 'manager' | 'member';
}

/** Who is in the team, who is invited, and the invitation form (a manager can be invited by owners). */
export function TeamManager({
  spaceId,
  members,
  invitations,
  canManageManagers,
  memberNote,
}: {
  spaceId: string;
  members: TeamMember[];
  invitations: TInvitation[];
  canManageManagers: boolean;
  /** A line another feature adds under a member (their SEPA mandate), composed by the route. */
  memberNote?: (userId: string) => ReactNode;
}) {
  const { t } = useTranslation('backoffice');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<'member' | 'manager'>('member');
  const invite = useOperation(inviteToSpace);
  const cancel = useOperation(cancelInvitation, { success: '' });
  const remove = useOperation(removeFromTeam);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await invite.run({ spaceId, email, role })) {
      toast({ title: t('team.sent', { email }), color: 'success' });
      setEmail('');
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <Section title={t('team.members')}>
        <ul className="divide-line flex flex-col divide-y">
          {members.map((member) => (
            <li key={member.userId} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div>
                <p className="font-medium">{member.name}</p>
                <p className="text-ink-soft text-sm">
                  {member.email} · {t(`my.roles.${member.role}`)}
                </p>
                {memberNote?.(member.userId)}
              </div>
              {member.role === 'member' || canManageManagers ? (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t('team.remove', { name: member.name })}
                  onClick={() =>
                    void remove
                      .run({ spaceId, userId: member.userId })
                      .then(
                        (done) =>
                          done &&
                          toast({ title: t('team.removed', { name: member.name }), color: 'success' }),
                      )
                  }
                >
                  <Trash2 aria-hidden className="size-4" />
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      </Section>
      <form onSubmit={submit} noValidate>
        <Section title={t('team.invite')}>
          <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
            <Input
              label={t('team.email')}
              type="email"
              autoComplete="off"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={invite.errorOf('email')}
            />
            <Select
              label={t('team.role')}
              value={role}
              onChange={(e) => setRole(e.target.value === 'manager' ? 'manager' : 'member')}
              hint={canManageManagers ? undefined : t('team.managerNeedsOwner')}
            >
              <option value="member">{t('my.roles.member')}</option>
              {canManageManagers ? <option value="manager">{t('my.roles.manager')}</option> : null}
            </Select>
          </div>
          <Button type="submit" className="self-start" disabled={invite.pending}>
            <UserPlus aria-hidden className="size-4" />
            {t('team.send')}
          </Button>
          {invitations.length ? (
            <div>
              <h3 className="mb-2 font-medium">{t('team.pending')}</h3>
              <ul className="flex flex-col gap-1">
                {invitations.map((invitation) => (
                  <li key={invitation.id} className="flex items-center justify-between gap-2 text-sm">
                    <span>
                      {invitation.email} · {t(`my.roles.${invitation.role}`)}
                    </span>
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={t('team.cancelInvitation', { email: invitation.email })}
                      onClick={() => void cancel.run({ invitationId: invitation.id })}
                    >
                      <X aria-hidden className="size-4" />
                    </Button>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </Section>
      </form>
    </div>
  );
}
