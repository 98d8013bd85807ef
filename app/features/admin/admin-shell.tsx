import type { ReactNode } from 'react';
import { useTranslation } from '~/platform/translation';
import { useLocation } from 'react-router';
import { LinkTabs } from '~/ui/link-tabs';

const SECTIONS = [
  { to: '/admin/blog', label: 'nav.blog' },
  { to: '/admin/faq', label: 'nav.faq' },
  { to: '/admin/partners', label: 'nav.partners' },
] as const;

/** The admin area's frame: its name, its sections as tabs, the page's title and lead. */
export function AdminShell({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  const { t } = useTranslation('admin');
  const { pathname } = useLocation();
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-8">
      <p className="text-ink-soft text-sm font-medium">{t('areaLabel')}</p>
      <LinkTabs
        label={t('areaNav')}
        look="underline"
        className="mt-2"
        tabs={SECTIONS.map((section) => ({
          id: section.to,
          to: section.to,
          // As a NavLink would: a section is current on its pages too (an article's editor is the blog's).
          current: pathname === section.to || pathname.startsWith(`${section.to}/`),
          children: t(section.label),
        }))}
      />
      <h1 className="mt-6 text-3xl font-bold tracking-tight">{title}</h1>
      {lead ? <p className="text-ink-soft mt-2 max-w-2xl">{lead}</p> : null}
      <div className="mt-6 flex flex-col gap-6">{children}</div>
    </main>
  );
}
