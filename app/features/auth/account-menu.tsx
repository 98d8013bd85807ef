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

// Radix's menu (and the positioning it brings, about 34 KiB and a dozen files) loads when the person reaches
// for it: pointing at the button, focusing it or touching it starts the load, a click opens the menu as soon as
// its code is there (issue 31: a signed-in page's first load goes without it). The server and the browser both
// render the button below until then, so the page hydrates as the server rendered it.
type Dropdown = typeof AccountDropdownComponent;
let loadedDropdown: Dropdown | null = null;
let loadingDropdown: Promise<void> | null = null;

export function loadAccountDropdown(): Promise<void> {
  loadingDropdown ??= import('./account-dropdown').then(
    (module) => {
      loadedDropdown = module.AccountDropdown;
    },
    (error: unknown) => {
      // Tried again at the next reach (a deploy or the network may have failed it).
      loadingDropdown = null;
      throw error;
    },
  );
  return loadingDropdown;
}

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
  // Asked for (clicked): the menu replaces this button and opens as soon as its code is there.
  const [openRequested, setOpenRequested] = useState(false);
  const [Loaded, setLoaded] = useState<Dropdown | null>(null);
  useEffect(() => {
    if (!openRequested || Loaded) return;
    let current = true;
    loadAccountDropdown().then(
      () => {
        if (current) setLoaded(() => loadedDropdown);
      },
      () => {
        if (current) setOpenRequested(false);
      },
    );
    return () => {
      current = false;
    };
  }, [openRequested, Loaded]);
  if (Loaded) return <Loaded user={user} defaultOpen />;
  return (
    <AccountTriggerFace
      name={user.name}
      image={user.image}
      label={label}
      onReach={() => void loadAccountDropdown().catch(() => undefined)}
      onOpen={() => setOpenRequested(true)}
    />
  );
}

/** The menu's button until the menu is asked for. */
function AccountTriggerFace({
  name,
  image,
  label,
  onReach,
  onOpen,
}: {
  name: string;
  image: string | null;
  label: string;
  /** The pointer or the focus reached the button: its menu's code starts loading. */
  onReach: () => void;
  onOpen: () => void;
}) {
  return (
    <button
      type="button"
      className={ACCOUNT_TRIGGER_CLASS}
      aria-label={label}
      aria-haspopup="menu"
      onPointerEnter={onReach}
      onFocus={onReach}
      onTouchStart={onReach}
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
