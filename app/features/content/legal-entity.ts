/**
 * Who publishes the site: the facts a French legal notice must state (LCEN art. 6 III; Code de commerce
 * R123-237), in one place. The operator of an Escale installation replaces every value with their own; the
 * legal notice, the terms and the contact links all read them from here.
 */
export const LEGAL_ENTITY = {
  companyName: 'Escale SAS',
  /** Legal form; its spelled-out name is translated (`content:mentions.legalForms.<key>`). */
  legalForm: 'sas',
  shareCapitalCents: 1_000_000,
  address: '24 rue de la Charité, 69002 Lyon, France',
  registryCity: 'Lyon',
  siren: '932 487 168',
  vatNumber: 'FR43932487168',
  phone: '+33 4 65 71 20 26',
  contactEmail: 'contact@escale.app',
  privacyEmail: 'donnees@escale.app',
  partnersEmail: 'partenaires@escale.app',
  publicationDirector: 'Claire Martin',
  /** The director's role; translated (`content:mentions.roles.<key>`). */
  publicationDirectorRole: 'president',
  host: {
    name: 'OVH SAS',
    address: '2 rue Kellermann, 59100 Roubaix, France',
    phone: '+33 9 72 10 10 07',
    website: 'www.ovhcloud.com',
  },
  /** The consumer mediator a French professional must name (Code de la consommation, L612-1). */
  mediator: {
    name: 'CM2C',
    website: 'www.cm2c.net',
  },
  /** Courts with jurisdiction for disputes between professionals. */
  courtCity: 'Lyon',
  /** Date the terms in force were published (shown on /terms); change it with the terms. */
  termsUpdatedOn: '2026-11-22',
} as const;

/** The values any content text may interpolate (`{{companyName}}`, `{{contactEmail}}`…). */
export const LEGAL_VALUES = {
  companyName: LEGAL_ENTITY.companyName,
  address: LEGAL_ENTITY.address,
  contactEmail: LEGAL_ENTITY.contactEmail,
  privacyEmail: LEGAL_ENTITY.privacyEmail,
  partnersEmail: LEGAL_ENTITY.partnersEmail,
  hostName: LEGAL_ENTITY.host.name,
  mediatorName: LEGAL_ENTITY.mediator.name,
  mediatorWebsite: LEGAL_ENTITY.mediator.website,
  courtCity: LEGAL_ENTITY.courtCity,
};
