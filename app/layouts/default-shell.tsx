import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AccountMenu } from '~/features/auth/account-menu';
import { ConfirmEmailBanner } from '~/features/auth/confirm-email-banner';
import { CookieSettingsButton } from '~/features/consent/cookie-settings-button';
import { PreloadLink, PreloadNavLink } from '~/platform/preload-link';
import { cn } from '~/ui/cn';
import { LanguageSwitcher } from './language-switcher';
import { Logo } from './logo';
import { FOOTER_LINKS, NAV_LINKS } from './navigation';

/** The `default` layout's frame: header (logo, navigation, language, account) and footer (content pages). */
export function DefaultShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="bg-surface sr-only z-50 rounded p-2 focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        {t('layout.skipToContent')}
      </a>
      <header className="border-line bg-surface border-b">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
          <Link to="/" className="flex items-center gap-2 text-xl font-bold" aria-label={t('layout.home')}>
            <Logo className="size-8" />
            <span>Escale</span>
          </Link>
          {/* Inline only where logo, links, language and account always fit on one row; below, a row of its own. */}
          <nav aria-label={t('layout.mainNavigation')} className="order-last w-full xl:order-none xl:w-auto">
            <ul className="-mx-1 flex flex-wrap gap-x-4 gap-y-1">
              {NAV_LINKS.map((link) => (
                <li key={link.to}>
                  <PreloadNavLink
                    to={link.to}
                    end={link.to === '/'}
                    className={({ isActive }) =>
                      cn(
                        'hover:text-primary-ink rounded px-1 py-2',
                        isActive && 'text-primary-ink font-semibold',
                      )
                    }
                  >
                    {t(link.label)}
                  </PreloadNavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="ml-auto flex items-center gap-3">
            <LanguageSwitcher />
            <AccountMenu />
          </div>
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
