/** The header's and footer's links: a feature that adds a screen adds its entry here. */
export interface NavEntry {
  to: string;
  /** Translation key in the `common` namespace. */
  label: string;
}

export const NAV_LINKS: NavEntry[] = [
  { to: '/', label: 'nav.home' },
  { to: '/spaces/all', label: 'nav.spaces' },
  { to: '/search', label: 'nav.search' },
  { to: '/reservations', label: 'nav.reservations' },
  { to: '/myspaces', label: 'nav.mySpaces' },
];

export const FOOTER_LINKS: NavEntry[] = [
  { to: '/about', label: 'nav.about' },
  { to: '/software', label: 'nav.software' },
  { to: '/pricing', label: 'nav.pricing' },
  { to: '/partners', label: 'nav.partners' },
  { to: '/blog', label: 'nav.blog' },
  { to: '/co2', label: 'nav.co2' },
  { to: '/faq', label: 'nav.faq' },
  { to: '/terms', label: 'nav.terms' },
  { to: '/mentions', label: 'nav.mentions' },
];
