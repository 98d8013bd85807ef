import { useTranslation } from '~/platform/translation';
import type { TDirectoryMember } from '#contract/community';
import { Avatar } from '~/ui/avatar';
import { Button } from '~/ui/button';

/** What a card asks its list to open for a person: the message form or the report form. */
export type MemberAction = 'contact' | 'report';

/**
 * One person of the directory: what they chose to show, and buttons to write to them or report them (the
 * list holds one dialog of each for all its cards: a page of 24 cards renders two dialogs, not 48).
 */
export function MemberCard({
  member,
  isSelf,
  onAction,
}: {
  member: TDirectoryMember;
  isSelf: boolean;
  onAction: (member: TDirectoryMember, action: MemberAction) => void;
}) {
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
          <Button size="sm" onClick={() => onAction(member, 'contact')}>
            {t('contact.button')}
            <span className="sr-only"> {name}</span>
          </Button>
          <Button size="sm" variant="ghost" onClick={() => onAction(member, 'report')}>
            {t('report.button')}
            <span className="sr-only"> {name}</span>
          </Button>
        </div>
      )}
    </li>
  );
}
