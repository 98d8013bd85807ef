import { Menu as MenuIcon, X } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '~/platform/translation';
import { Link, useLocation } from 'react-router';
import { AccountMenu } from '~/features/auth/account-menu';
import { ConfirmEmailBanner } from '~/features/auth/confirm-email-banner';
import { CookieSettingsButton } from '~/features/consent/cookie-settings-button';
import { PreloadLink, PreloadNavLink } from '~/platform/preload-link';
import { useRootData } from '~/platform/root-data';
import { clsx } from 'clsx';
import { LanguageSwitcher } from './language-switcher';
import { Logo } from './logo';
import { FOOTER_LINKS, NAV_LINKS } from './navigation';

function NavLinks({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <ul className={className}>
      {NAV_LINKS.map((link) => (
        <li key={link.to}>
          <PreloadNavLink
            to={link.to}
            end={link.to === '/'}
            className={({ isActive }) =>
              clsx(
                'hover:text-primary-ink block rounded px-1 py-2',
                isActive && 'text-primary-ink font-semibold',
              )
            }
          >
            {t(link.label)}
          </PreloadNavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * Below the widest screens the main navigation is a disclosure: a "Menu" button on the header's first row
 * opens the links under it. A navigation or Escape closes it (Escape gives focus back to the button).
 */
function SiteMenu() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [openOn, setOpenOn] = useState(pathname);
  const button = useRef<HTMLButtonElement>(null);
  if (openOn !== pathname) {
    setOpenOn(pathname);
    setOpen(false);
  }
  const Icon = open ? X : MenuIcon;
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls="site-menu"
        onClick={() => setOpen((shown) => !shown)}
        className="hover:bg-muted flex min-h-10 min-w-10 items-center justify-center gap-1 rounded-lg px-2 text-sm font-medium xl:hidden"
      >
        <Icon aria-hidden className="size-5" />
        {/* On a phone the icon alone, so that a signed-in header keeps to one row. */}
        <span className="max-sm:sr-only">{t('layout.menu')}</span>
      </button>
      {open ? (
        <nav
          id="site-menu"
          aria-label={t('layout.mainNavigation')}
          className="border-line order-last w-full border-t py-2 xl:hidden"
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            setOpen(false);
            button.current?.focus();
          }}
        >
          <NavLinks className="flex flex-col" />
        </nav>
      ) : null}
    </>
  );
}

/** The `default` layout's frame: header (logo, navigation, language, account) and footer (content pages). */
export function DefaultShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const signedIn = Boolean(useRootData()?.user);
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-line bg-surface border-b">
        {/* In the header's landmark: the cookie banner may come before it in the Tab order. */}
        <a
          href="#main"
          className="bg-surface sr-only z-50 rounded p-2 focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
        >
          {t('layout.skipToContent')}
        </a>
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-2 sm:gap-x-4 xl:gap-x-6 xl:py-3">
          <Link to="/" className="flex items-center gap-2 text-xl font-bold" aria-label={t('layout.home')}>
            <Logo className="size-8" />
            <span>Escale</span>
          </Link>
          {/* Inline where logo, links, language and account fit on one row; below, behind the menu button. */}
          <nav aria-label={t('layout.mainNavigation')} className="hidden xl:block">
            <NavLinks className="-mx-1 flex gap-x-4" />
          </nav>
          <div className="ml-auto">
            <LanguageSwitcher />
          </div>
          {/* A phone has no room for the sign-in links beside the rest: they take the second row. */}
          <div
            className={clsx(!signedIn && 'max-sm:order-last max-sm:flex max-sm:w-full max-sm:justify-end')}
          >
            <AccountMenu />
          </div>
          <SiteMenu />
        </div>
      </header>
      <ConfirmEmailBanner />
      <div className="flex-1">{children}</div>
      <footer className="border-line bg-muted border-t">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-ink-soft text-sm">{t('layout.footerTagline')}</p>
          <nav aria-label={t('layout.footerNavigation')}>
            <ul className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
              {FOOTER_LINKS.map((link) => (
                <li key={link.to}>
                  <PreloadLink to={link.to} className="text-ink underline-offset-2 hover:underline">
                    {t(link.label)}
                  </PreloadLink>
                </li>
              ))}
              <li>
                <CookieSettingsButton className="text-ink underline-offset-2 hover:underline" />
              </li>
            </ul>
          </nav>
        </div>
      </footer>
    </div>
  );
}
