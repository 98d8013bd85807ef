import type { TLegalIdentityForm } from '#contract/invoices';

/**
 * A complete legal identity of a French company: with it a space invoices its sales. Shared by the database
 * tests (server/features/invoices/invoices.fixtures.ts) and the browser tests, which cannot import server code.
 */
export const COMPLETE_IDENTITY: TLegalIdentityForm = {
  legalName: 'Escale Parmentier SAS',
  legalForm: 'SAS',
  shareCapitalCents: 1_000_000,
  addressLine: '12 avenue Parmentier',
  postcode: '75011',
  city: 'Paris',
  country: 'FR',
  siren: '123456789',
  siret: '12345678900012',
  rcsCity: 'Paris',
  vatNumber: 'FR32123456789',
  vatRegime: 'standard',
  vatOnDebits: false,
  paymentDueDays: 30,
  latePaymentRateBasisPoints: 1215,
  iban: 'FR7630006000011234567890189',
  bic: 'AGRIFRPP',
  invoicedSales: 'both',
  mandateAccepted: true,
  sepaCreditorId: 'FR72ZZZ123456',
  sepaPrenotificationDays: 14,
  sepaRecollectReturned: false,
};
