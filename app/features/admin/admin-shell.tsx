import type { ReactNode } from 'react';
import { useTranslation } from '~/platform/translation';
import { NavLink } from 'react-router';
import { cn } from '~/ui/cn';

const SECTIONS = [
  { to: '/admin/blog', label: 'nav.blog' },
  { to: '/admin/faq', label: 'nav.faq' },
  { to: '/admin/partners', label: 'nav.partners' },
] as const;

/** The admin area's frame: its name, its sections as tabs, the page's title and lead. */
export function AdminShell({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  const { t } = useTranslation('admin');
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-8">
      <p className="text-ink-soft text-sm font-medium">{t('areaLabel')}</p>
      <nav aria-label={t('areaNav')} className="border-line mt-2 border-b">
        <ul className="flex gap-1">
          {SECTIONS.map((section) => (
            <li key={section.to}>
              <NavLink
                to={section.to}
                className={({ isActive }) =>
                  cn(
                    '-mb-px inline-block border-b-2 px-3 py-2 text-sm font-medium',
                    isActive
                      ? 'border-primary text-primary-ink'
                      : 'text-ink-soft hover:text-ink border-transparent',
                  )
                }
              >
                {t(section.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <h1 className="mt-6 text-3xl font-bold tracking-tight">{title}</h1>
      {lead ? <p className="text-ink-soft mt-2 max-w-2xl">{lead}</p> : null}
      <div className="mt-6 flex flex-col gap-6">{children}</div>
    </main>
  );
}
