import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { appOrigin, signInAs } from './accounts';
import { checkAtBothSizes, pickFreeStart, refuseCookies, roomId, spaceIdOf } from './booking';
import { callApi } from './factories';
import { expect, test } from './fixtures';

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
