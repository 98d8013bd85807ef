import { FileText, History, LogOut, Ticket, UserRound, Users } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from '~/platform/translation';
import type { TViewer } from '#contract/load-context';
import { signOutAndLeave } from '~/platform/auth-client';
import { PreloadLink } from '~/platform/preload-link';
import { cn } from '~/ui/cn';
import { ACCOUNT_TRIGGER_CLASS, AccountTriggerContent } from './account-menu';

const item =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm outline-none select-none ' +
  'data-[highlighted]:bg-muted';

/** The person's own pages, in the menu's order. */
const PAGES = [
  { to: '/profile', icon: UserRound, label: 'menu.profile' },
  { to: '/activity', icon: History, label: 'menu.activity' },
  { to: '/plans', icon: Ticket, label: 'menu.plans' },
  { to: '/documents', icon: FileText, label: 'menu.documents' },
  { to: '/community', icon: Users, label: 'menu.community' },
] as const;

/** The signed-in person's menu: profile, activity, plans, documents, community, sign out (loaded by ./account-menu.tsx). */
export function AccountDropdown({ user, defaultOpen = false }: { user: TViewer; defaultOpen?: boolean }) {
  const { t } = useTranslation('auth');
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger
        className={ACCOUNT_TRIGGER_CLASS}
        aria-label={t('menu.account')}
        data-account-menu=""
      >
        <AccountTriggerContent name={user.name} image={user.image} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="bg-surface border-line z-50 min-w-52 rounded-lg border p-1 shadow-lg"
        >
          <div className="px-3 py-2">
            <p className="truncate text-sm font-semibold">{user.name}</p>
            <p className="text-ink-soft truncate text-xs">{user.email}</p>
          </div>
          <DropdownMenu.Separator className="bg-line my-1 h-px" />
          {PAGES.map(({ to, icon: Icon, label }) => (
            <DropdownMenu.Item key={to} asChild className={item}>
              <PreloadLink to={to}>
                <Icon aria-hidden className="size-4" />
                {t(label)}
              </PreloadLink>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Item className={cn(item, 'text-danger')} onSelect={() => void signOutAndLeave('/')}>
            <LogOut aria-hidden className="size-4" />
            {t('menu.signOut')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
