/** The public content screens and their h1, in French (default) and English. */
export const CONTENT_PAGES = [
  { path: '/terms', fr: "Conditions d'utilisation", en: 'Terms of use' },
  { path: '/mentions', fr: 'Mentions légales', en: 'Legal notice' },
  { path: '/faq', fr: 'Questions fréquentes', en: 'Frequently asked questions' },
  { path: '/about', fr: "À propos d'Escale", en: 'About Escale' },
  { path: '/partners', fr: 'Partenaires', en: 'Partners' },
  { path: '/pricing', fr: "Tarifs pour les gestionnaires d'espaces", en: 'Pricing for space managers' },
  { path: '/software', fr: 'Le logiciel pour gérer votre espace', en: 'The software to run your space' },
  {
    path: '/co2',
    fr: 'Le CO₂ que vous évitez en travaillant près de chez vous',
    en: 'The CO₂ you avoid by working close to home',
  },
] as const;
