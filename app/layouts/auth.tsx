import { useTranslation } from '~/platform/translation';
import { Link, Outlet } from 'react-router';
import { LanguageSwitcher } from './language-switcher';
import { Logo } from './logo';

/** The `auth` layout: a centred card, nothing to distract from signing in. */
export default function AuthLayout() {
  const { t } = useTranslation();
  return (
    <div className="bg-muted flex min-h-screen flex-col items-center px-4 py-8">
      <header className="flex w-full max-w-md items-center justify-between">
        <Link to="/" className="flex items-center gap-2 text-xl font-bold" aria-label={t('layout.home')}>
          <Logo className="size-8" />
          <span>Escale</span>
        </Link>
        <LanguageSwitcher />
      </header>
      <main id="main" className="bg-surface mt-8 w-full max-w-md rounded-2xl p-6 shadow-sm sm:p-8">
        <Outlet />
      </main>
    </div>
  );
}
