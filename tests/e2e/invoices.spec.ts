import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { COMPLETE_IDENTITY } from '../support/legal-identity';
import { appOrigin, signInAs } from './accounts';
import { checkAtBothSizes, pickFreeStart, refuseCookies, roomId, spaceIdOf } from './booking';
import { callApi, signUp, uniqueEmail } from './factories';
import { expect, keepScreenshot, test } from './fixtures';
import { linkIn, waitForMail } from './mailbox';

/**
 * Invoices (issue 15): the manager completes Acme's legal identity; a member buys a formula and finds its
 * invoice on /documents, with its PDF (rendered to PNG to be looked at); the manager records the payment and
 * the invoice shows paid; a booking paid at price, cancelled, gets a credit note referring to its invoice.
 */

/** Renders a PDF's first page to `screenshots/<name>.png` with pdftoppm (poppler-utils), when installed. */
function renderPdf(bytes: Buffer, name: string) {
  mkdirSync('screenshots', { recursive: true });
  writeFileSync(`screenshots/${name}.pdf`, bytes);
  try {
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '80',
      '-singlefile',
      `screenshots/${name}.pdf`,
      `screenshots/${name}`,
    ]);
  } catch {
    // No pdftoppm on this machine: the PDF itself is kept.
  }
}

/** The text of a PDF saved by `renderPdf`, as poppler's pdftotext reads it (its lines as laid out). */
function pdfText(name: string): string {
  return execFileSync('pdftotext', ['-layout', `screenshots/${name}.pdf`, '-'], { encoding: 'utf8' });
}

/**
 * Acme's legal identity as a test found it, put back after it, passed or failed (docs/decisions/026): with it
 * complete, Acme invoices every sale, and asks buyers above 150 € excl. VAT for their address.
 */
let borrowed: { page: Page; spaceId: string; identity: Record<string, unknown> } | undefined;
async function borrowIdentity(page: Page, spaceId: string) {
  const {
    missing: _missing,
    mandateAcceptedAt: _at,
    ...identity
  } = await callApi<Record<string, unknown>>(page, 'invoicing.getIdentity', { spaceId });
  borrowed = { page, spaceId, identity };
}
test.afterEach(async () => {
  if (!borrowed) return;
  const { page, identity } = borrowed;
  borrowed = undefined;
  await signInAs(page, 'manager');
  await callApi(page, 'invoicing.updateIdentity', identity);
});

/** Acme's complete legal identity under its own name: with it, Acme invoices every sale. */
const ACME_IDENTITY = { ...COMPLETE_IDENTITY, legalName: 'Acme Coworking SAS' };

test('a member’s purchase is invoiced, paid and found on /documents; a cancelled booking at price is credited', async ({
  page,
  navigate,
}) => {
  test.setTimeout(180_000);
  const spaceId = await (async () => {
    await signInAs(page, 'manager');
    return spaceIdOf(page, 'acme-coworking-paris');
  })();

  // The manager fills Acme's legal identity and accepts the mandate on the invoicing page.
  await borrowIdentity(page, spaceId);
  await navigate(`/myspaces/${spaceId}/invoicing`);
  await refuseCookies(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Facturation — /);
  const identity = page.getByRole('region', { name: 'Identité légale' });
  const fill = async (label: string, value: string) =>
    identity.getByLabel(label, { exact: true }).fill(value);
  await fill('Dénomination sociale', 'Acme Coworking SAS');
  await fill('Forme juridique', 'SAS');
  await fill('Capital social (€)', '10000');
  await fill('Adresse du siège', '12 avenue Parmentier');
  await fill('Code postal', '75011');
  await fill('Ville', 'Paris');
  await fill('SIREN (9 chiffres)', '123456789');
  await fill('SIRET (14 chiffres)', '12345678900012');
  await fill('Ville du RCS', 'Paris');
  await fill('N° de TVA intracommunautaire', 'FR32123456789');
  await fill('IBAN', 'FR7630006000011234567890189');
  await fill('BIC', 'AGRIFRPP');
  await identity.getByLabel(/J’accepte le mandat de facturation/).check();
  await identity.getByRole('button', { name: 'Enregistrer l’identité légale' }).click();
  await expect(
    page.getByText('Identité légale complète : les ventes sont facturées au nom de l’espace.'),
  ).toBeVisible();
  await checkAtBothSizes(page, 'invoicing-manager-fr');

  // The member gives their billing details, then buys a day pass (paid on site).
  await page.context().clearCookies();
  await signInAs(page, 'member');
  await navigate('/profile#billing');
  const billing = page.getByRole('region', { name: 'Coordonnées de facturation' });
  await billing.getByLabel('Adresse', { exact: true }).fill('3 rue des Machines');
  await billing.getByLabel('Code postal').fill('69001');
  await billing.getByLabel('Ville').fill('Lyon');
  await billing.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Coordonnées de facturation enregistrées').first()).toBeVisible();
  const formulas = await callApi<Array<{ id: string; kind: string }>>(page, 'formulas.listForSpace', {
    spaceId,
  });
  const dayPass = formulas.find((formula) => formula.kind === 'day_pass')!;
  await callApi(page, 'formulas.buy', {
    formulaId: dayPass.id,
    paymentMethod: 'on_site',
    idempotencyKey: randomUUID(),
  });

  // Its invoice on /documents, unpaid, with its PDF.
  await navigate('/documents');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mes documents');
  const row = page.getByTestId('invoice-row').filter({ hasText: 'Acme' }).first();
  await expect(row.getByTestId('invoice-status')).toHaveText('À payer');
  const number = (await row.locator('td').first().locator('span').first().textContent())!;
  expect(number).toMatch(/^F-\d{4}-\d{6}$/);
  const href = (await row.getByRole('link', { name: `Télécharger ${number} (PDF)` }).getAttribute('href'))!;
  const pdf = await page.request.get(href);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const bytes = await pdf.body();
  expect(bytes.subarray(0, 8).toString('latin1')).toBe('%PDF-1.7');
  renderPdf(bytes, 'invoice-pdf-fr');
  await checkAtBothSizes(page, 'documents-member-fr');
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My documents');
  await checkAtBothSizes(page, 'documents-member-en');
  await callApi(page, 'profile.setLocale', { locale: 'fr' });

  // Another member cannot download it.
  const stranger = await page.context().browser()!.newContext({ baseURL: appOrigin() });
  const strangerPage = await stranger.newPage();
  expect((await strangerPage.request.get(href)).status()).toBe(401);
  await stranger.close();

  // The manager records the payment; the invoice shows paid, for the manager and on /documents.
  await page.context().clearCookies();
  await signInAs(page, 'manager');
  await navigate(`/myspaces/${spaceId}/invoicing`);
  const managed = page.getByTestId('managed-invoice').filter({ hasText: number });
  await managed.getByRole('button', { name: `Enregistrer un paiement pour ${number}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Moyen de paiement').selectOption('cash');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(managed.getByTestId('invoice-status')).toHaveText('Payée');
  await expect(page.getByTestId('chain-status')).toHaveText(/^Journal intact : \d+ écritures vérifiées/);
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Invoicing — /);
  await checkAtBothSizes(page, 'invoicing-manager-en');
  await callApi(page, 'profile.setLocale', { locale: 'fr' });

  // The member books a room at price and cancels it within the free period: a credit note on its invoice.
  await page.context().clearCookies();
  await signInAs(page, 'member');
  await navigate('/documents');
  await expect(
    page.getByTestId('invoice-row').filter({ hasText: number }).getByTestId('invoice-status'),
  ).toHaveText('Payée');
  const room = await roomId(page, 'acme-coworking-paris', 'Salle Parmentier');
  const { startsAt } = await pickFreeStart(page, navigate, `/spaces/acme-coworking-paris/rooms/${room}`);
  const booking = await callApi<{ id: string }>(page, 'reservations.create', {
    roomId: room,
    startsAt,
    endsAt: new Date(Date.parse(startsAt) + 3_600_000).toISOString(),
    attendees: 1,
    title: 'Facturée puis annulée',
    idempotencyKey: randomUUID(),
    payWith: 'price',
  });
  await callApi(page, 'reservations.cancel', { id: booking.id });
  await navigate('/documents');
  const credit = page
    .getByTestId('invoice-row')
    .filter({ hasText: /^A-\d{4}-\d{6}/ })
    .first();
  await expect(credit).toContainText('Avoir · sur la facture F-');
  const creditedNumber = (await credit.textContent())!.match(/sur la facture (F-\d{4}-\d{6})/)![1]!;
  await expect(
    page
      .getByTestId('invoice-row')
      .filter({ hasText: new RegExp(`^${creditedNumber}`) })
      .getByTestId('invoice-status'),
  ).toHaveText('Annulée par avoir');
});

test('a business buyer is asked for its billing details; its invoices and credit note carry them, in French and English', async ({
  page,
  navigate,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInAs(page, 'manager');
  const spaceId = await spaceIdOf(page, 'acme-coworking-paris');
  await borrowIdentity(page, spaceId);
  await callApi(page, 'invoicing.updateIdentity', { spaceId, ...ACME_IDENTITY });
  const formulas = await callApi<Array<{ id: string; kind: string }>>(page, 'formulas.listForSpace', {
    spaceId,
  });
  const pack = formulas.find((formula) => formula.kind === 'pack')!;
  const dayPass = formulas.find((formula) => formula.kind === 'day_pass')!;
  const manager = await browser.newPage({ baseURL: appOrigin() });
  await signInAs(manager, 'manager');

  // A new member, address confirmed, buys the 10-hour pack (250 € excl. VAT): their billing details are asked first.
  await page.context().clearCookies();
  const email = uniqueEmail('entreprise');
  const since = Date.now();
  await signUp(page, { name: 'Ada Lovelace', email });
  await navigate(linkIn(await waitForMail(email, { since }), '/api/auth/verify-email'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Adresse confirmée');
  await navigate(`/formulas/${pack.id}`);
  await refuseCookies(page);
  await page.getByLabel('Sur place').check();
  await page.getByRole('button', { name: 'Acheter' }).click();
  await expect(
    page.getByText(/^Votre facture doit porter vos coordonnées de facturation/).first(),
  ).toBeVisible();
  await keepScreenshot(page, 'billing-details-asked-fr');

  // As a business: its name alone is refused, its SIREN and address named beside their fields.
  await navigate('/profile#billing');
  const billing = page.getByRole('region', { name: 'Coordonnées de facturation' });
  await billing.getByLabel('Raison sociale (entreprise)').fill('Analytical Engines SARL');
  await billing.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(billing.getByText('Indiquez l’adresse (numéro et rue).')).toBeVisible();
  await expect(
    billing.getByText('Le SIREN d’une entreprise française est obligatoire (9 chiffres).'),
  ).toBeVisible();
  await checkAtBothSizes(page, 'billing-details-business-fr');
  await billing.getByLabel('Adresse', { exact: true }).fill('3 rue des Machines');
  await billing.getByLabel('Code postal').fill('69001');
  await billing.getByLabel('Ville').fill('Lyon');
  await billing.getByLabel('SIREN (9 chiffres)').fill('987 654 321');
  await billing.getByLabel('N° de TVA intracommunautaire').fill('FR12987654321');
  await billing.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Coordonnées de facturation enregistrées').first()).toBeVisible();

  // Bought now; its invoice says what it is for, and its PDF names the business and the 40 € indemnity.
  await navigate(`/formulas/${pack.id}`);
  await page.getByLabel('Sur place').check();
  await page.getByRole('button', { name: 'Acheter' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Commande enregistrée');
  await navigate('/documents');
  const row = page.getByTestId('invoice-row').filter({ hasText: 'Carnet 10 heures' });
  await expect(row.getByTestId('invoice-description')).toHaveText('Carnet 10 heures');
  const href = (await row.getByRole('link', { name: /^Télécharger F-/ }).getAttribute('href'))!;
  const invoiceId = /\/api\/invoices\/([0-9a-f-]{36})\.pdf$/.exec(href)![1]!;
  renderPdf(await (await page.request.get(href)).body(), 'invoice-business-fr');
  const invoiceText = pdfText('invoice-business-fr');
  for (const printed of [
    'Analytical Engines SARL',
    '3 rue des Machines',
    '69001 Lyon',
    'SIREN 987654321',
    'N° TVA intracommunautaire : FR12987654321',
    'Indemnité forfaitaire pour frais de recouvrement : 40 €',
    'Carnet 10 heures',
  ])
    expect(invoiceText).toContain(printed);
  expect(invoiceText).toMatch(/taux annuel de 12,15\s%/u);

  // The manager cancels it with a credit note: negative amounts, what it cancels, nothing to pay.
  await callApi(manager, 'invoices.credit', { invoiceId, reason: 'Formule choisie par erreur' });
  await navigate('/documents');
  const credit = page.getByTestId('invoice-row').filter({ hasText: /^A-\d{4}-\d{6}/ });
  await expect(credit.locator('td').nth(4)).toHaveText(/^-300,00\s€$/u);
  const creditHref = (await credit.getByRole('link', { name: /^Télécharger A-/ }).getAttribute('href'))!;
  renderPdf(await (await page.request.get(creditHref)).body(), 'credit-note-business-fr');
  const creditText = pdfText('credit-note-business-fr');
  expect(creditText).toContain('Avoir');
  expect(creditText).toMatch(/-300,00\s€/u);
  expect(creditText).toContain('Aucun paiement n’est à effectuer : cet avoir annule la facture n° F-');
  expect(creditText).not.toContain('IBAN');
  expect(creditText).not.toContain('recouvrement');
  await checkAtBothSizes(page, 'documents-business-fr');

  // In English: the day pass's invoice line has its English name; the French mentions keep the decimal comma.
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My documents');
  await callApi(page, 'formulas.buy', {
    formulaId: dayPass.id,
    paymentMethod: 'on_site',
    idempotencyKey: randomUUID(),
  });
  await page.reload();
  const english = page.getByTestId('invoice-row').filter({ hasText: 'Day pass' });
  await expect(english.getByTestId('invoice-description')).toHaveText('Day pass');
  const englishHref = (await english.getByRole('link', { name: /^Download F-/ }).getAttribute('href'))!;
  renderPdf(await (await page.request.get(englishHref)).body(), 'invoice-business-en');
  const englishText = pdfText('invoice-business-en');
  for (const printed of [
    'Day pass',
    '3 rue des Machines',
    'VAT number: FR12987654321',
    'Fixed compensation for recovery costs: €40.',
    'annual rate of 12.15%.',
  ])
    expect(englishText).toContain(printed);
  expect(englishText).toMatch(/pénalités au taux annuel de 12,15\s%/u);
  await checkAtBothSizes(page, 'documents-business-en');

  // The manager's list says what each one is for too.
  await manager.goto(`/myspaces/${spaceId}/invoicing`);
  await refuseCookies(manager);
  await expect(
    manager.getByTestId('managed-invoice').filter({ hasText: 'Day pass' }).getByTestId('invoice-description'),
  ).toHaveText('Day pass');
  await checkAtBothSizes(manager, 'invoicing-descriptions-fr');
  await manager.close();
});
