import { useTranslation } from 'react-i18next';
import { COMMUNITY_LIMITS, contactMember, reportContent, type TDirectoryMember } from '#contract/community';
import { call } from '~/platform/callable-client';
import { Avatar } from '~/ui/avatar';
import { TextDialog } from './text-dialog';

/** One person of the directory: what they chose to show, and how to write to them or report them. */
export function MemberCard({ member, isSelf }: { member: TDirectoryMember; isSelf: boolean }) {
  const { t } = useTranslation('community');
  const name = member.name ?? t('directory.unnamed');
  const work = [member.jobTitle, member.company].filter(Boolean).join(' · ');
  return (
    <li className="bg-surface border-line flex flex-col gap-3 rounded-2xl border p-4">
      <div className="flex items-start gap-3">
        <Avatar name={name} image={member.avatarUrl} size="md" />
        <div className="min-w-0">
          <h3 className="font-semibold break-words">
            {name}
            {isSelf ? <span className="text-ink-soft font-normal"> {t('directory.you')}</span> : null}
          </h3>
          {work ? <p className="text-ink-soft text-sm break-words">{work}</p> : null}
          <p className="text-ink-soft text-xs">
            {t('directory.spaces', { spaces: member.spaces.join(', ') })}
          </p>
        </div>
      </div>
      {member.skills.length ? (
        <ul aria-label={t('fields.skills')} className="flex flex-wrap gap-1">
          {member.skills.map((skill) => (
            <li key={skill} className="bg-muted rounded-full px-2 py-0.5 text-xs">
              {skill}
            </li>
          ))}
        </ul>
      ) : null}
      {member.bio ? <p className="text-sm break-words whitespace-pre-line">{member.bio}</p> : null}
      {member.links.length ? (
        <ul aria-label={t('fields.links')} className="flex flex-col gap-1 text-sm">
          {member.links.map((link) => (
            <li key={link} className="truncate">
              <a
                href={link}
                rel="noopener noreferrer nofollow ugc"
                target="_blank"
                className="text-primary-ink underline underline-offset-2"
              >
                {link.replace(/^https?:\/\//, '')}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {isSelf ? null : (
        <div className="mt-auto flex flex-wrap gap-2">
          <TextDialog
            trigger={t('contact.button')}
            triggerVariant="primary"
            title={t('contact.title', { name })}
            description={t('contact.privacy')}
            label={t('contact.message')}
            maxLength={COMMUNITY_LIMITS.message}
            submitLabel={t('contact.send')}
            success={t('contact.sent')}
            send={(message) => call(contactMember, { memberId: member.id, message })}
          />
          <TextDialog
            trigger={t('report.button')}
            triggerVariant="ghost"
            title={t('report.titleProfile', { name })}
            description={t('report.description')}
            label={t('report.reason')}
            maxLength={COMMUNITY_LIMITS.reason}
            submitLabel={t('report.send')}
            success={t('report.sent')}
            fieldName="reason"
            send={(reason) => call(reportContent, { subject: 'profile', subjectId: member.id, reason })}
          />
        </div>
      )}
    </li>
  );
}
