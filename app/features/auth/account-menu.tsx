import { ChevronDown } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '~/platform/translation';
import { loginPath, signupPath, useReturnPath } from '~/platform/auth-paths';
import { PreloadLink } from '~/platform/preload-link';
import { useRootData } from '~/platform/root-data';
import type { TViewer } from '#contract/load-context';
import type { AccountDropdown as AccountDropdownComponent } from './account-dropdown';
import { Avatar } from '~/ui/avatar';
import { buttonClass } from '~/ui/button-class';
import { TextLink } from '~/ui/link';

// Radix's menu (and the positioning it brings) loads for signed-in people only: most first visits are
// anonymous, and it was a fifth of the shell's JavaScript (issue 18). The server loads it before rendering a
// signed-in page, and the browser before hydrating one (app/entry.client.tsx), so the menu is there, working,
// from the first paint; a person who signs in on the page gets its look at once and the menu a moment later.
type Dropdown = typeof AccountDropdownComponent;
let loadedDropdown: Dropdown | null = null;
let loadingDropdown: Promise<void> | null = null;

export function loadAccountDropdown(): Promise<void> {
  loadingDropdown ??= import('./account-dropdown').then((module) => {
    loadedDropdown = module.AccountDropdown;
  });
  return loadingDropdown;
}

/** The attribute of the menu's button (./account-dropdown.tsx): marks a page rendered for a signed-in person. */
export const ACCOUNT_MENU_MARK = 'data-account-menu';

export const ACCOUNT_TRIGGER_CLASS =
  'hover:bg-muted data-[state=open]:bg-muted flex items-center gap-2 rounded-full py-1 pr-2 pl-1';

/** The header's account corner: sign-in and sign-up links, or the person's menu (profile, activity, sign out). */
export function AccountMenu() {
  const { t } = useTranslation('auth');
  const user = useRootData()?.user;
  const back = useReturnPath();

  if (!user) {
    return (
      <div className="flex items-center gap-3">
        <TextLink to={loginPath(back)} quiet className="text-sm">
          {t('menu.login')}
        </TextLink>
        <PreloadLink to={signupPath(back)} className={buttonClass('primary', 'sm')}>
          {t('menu.signup')}
        </PreloadLink>
      </div>
    );
  }

  return <SignedInMenu user={user} label={t('menu.account')} />;
}

function SignedInMenu({ user, label }: { user: TViewer; label: string }) {
  const [Loaded, setLoaded] = useState(() => loadedDropdown);
  // Asked for before the menu's code arrived: it opens as soon as it is there.
  const [openRequested, setOpenRequested] = useState(false);
  useEffect(() => {
    if (Loaded) return;
    let current = true;
    void loadAccountDropdown().then(() => {
      if (current) setLoaded(() => loadedDropdown);
    });
    return () => {
      current = false;
    };
  }, [Loaded]);
  if (Loaded) return <Loaded user={user} defaultOpen={openRequested} />;
  return (
    <AccountTriggerFace
      name={user.name}
      image={user.image}
      label={label}
      onOpen={() => setOpenRequested(true)}
    />
  );
}

/** The menu's button while the menu's code loads. */
function AccountTriggerFace({
  name,
  image,
  label,
  onOpen,
}: {
  name: string;
  image: string | null;
  label: string;
  onOpen: () => void;
}) {
  return (
    <button
      type="button"
      className={ACCOUNT_TRIGGER_CLASS}
      aria-label={label}
      aria-haspopup="menu"
      onClick={onOpen}
    >
      <AccountTriggerContent name={name} image={image} />
    </button>
  );
}

export function AccountTriggerContent({ name, image }: { name: string; image: string | null }) {
  return (
    <>
      <Avatar name={name} image={image} />
      <span className="hidden max-w-40 truncate text-sm font-medium sm:inline">{name}</span>
      <ChevronDown aria-hidden className="size-4" />
    </>
  );
}
