import { Building, Search } from 'lucide-react';
import { useTranslation } from '~/platform/translation';
import { Link } from 'react-router';

export interface DraftLink {
  id: string;
  name: string;
}

/** After sign-up: looking for a space (to /search) or running one (the wizard), or resuming a draft. */
export function StartChoice({ drafts }: { drafts: DraftLink[] }) {
  const { t } = useTranslation('onboarding');
  const choices = [
    { to: '/search', icon: Search, title: t('choice.looking'), text: t('choice.lookingText') },
    { to: '/start?step=identity', icon: Building, title: t('choice.running'), text: t('choice.runningText') },
  ];
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-12">
      <h1 className="mb-8 text-3xl font-bold tracking-tight sm:text-4xl">{t('choice.title')}</h1>
      <ul className="grid gap-6 sm:grid-cols-2">
        {choices.map(({ to, icon: Icon, title, text }) => (
          <li key={to}>
            <Link
              to={to}
              className="border-line hover:border-primary focus-visible:border-primary flex h-full flex-col gap-3 rounded-2xl border-2 p-6 transition"
            >
              <Icon aria-hidden className="text-primary-ink size-10" />
              <span className="text-xl font-semibold">{title}</span>
              <span className="text-ink-soft">{text}</span>
            </Link>
          </li>
        ))}
      </ul>
      {drafts.length ? (
        <ul className="mt-8 flex flex-col gap-2">
          {drafts.map((draft) => (
            <li key={draft.id}>
              <Link
                to={`/start?space=${draft.id}&step=address`}
                className="text-primary-ink underline underline-offset-2"
              >
                {t('choice.resume', { name: draft.name })}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </main>
  );
}
