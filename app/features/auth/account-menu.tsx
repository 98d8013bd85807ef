import { ChevronDown, History, LogOut, UserRound, Users } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { signOutAndLeave } from '~/platform/auth-client';
import { loginPath, signupPath, useReturnPath } from '~/platform/auth-paths';
import { PreloadLink } from '~/platform/preload-link';
import { useRootData } from '~/platform/root-data';
import { Avatar } from '~/ui/avatar';
import { buttonClass } from '~/ui/button';
import { cn } from '~/ui/cn';
import { TextLink } from '~/ui/link';

const item =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm outline-none select-none ' +
  'data-[highlighted]:bg-muted';

/** The header's account corner: sign-in and sign-up links, or the person's menu (profile, activity, sign out). */
export function AccountMenu() {
  const { t } = useTranslation('auth');
  const user = useRootData()?.user;
  const back = useReturnPath();

  if (!user) {
    return (
      <div className="flex items-center gap-3">
        <TextLink to={loginPath(back)} className="text-sm no-underline hover:underline">
          {t('menu.login')}
        </TextLink>
        <PreloadLink to={signupPath(back)} className={buttonClass('primary', 'sm')}>
          {t('menu.signup')}
        </PreloadLink>
      </div>
    );
  }

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className="hover:bg-muted data-[state=open]:bg-muted flex items-center gap-2 rounded-full py-1 pr-2 pl-1"
        aria-label={t('menu.account')}
      >
        <Avatar name={user.name} image={user.image} />
        <span className="hidden max-w-40 truncate text-sm font-medium sm:inline">{user.name}</span>
        <ChevronDown aria-hidden className="size-4" />
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
          <DropdownMenu.Item asChild className={item}>
            <PreloadLink to="/profile">
              <UserRound aria-hidden className="size-4" />
              {t('menu.profile')}
            </PreloadLink>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={item}>
            <PreloadLink to="/activity">
              <History aria-hidden className="size-4" />
              {t('menu.activity')}
            </PreloadLink>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={item}>
            <PreloadLink to="/community">
              <Users aria-hidden className="size-4" />
              {t('menu.community')}
            </PreloadLink>
          </DropdownMenu.Item>
          <DropdownMenu.Item className={cn(item, 'text-danger')} onSelect={() => void signOutAndLeave('/')}>
            <LogOut aria-hidden className="size-4" />
            {t('menu.signOut')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
