import type { Page } from '@playwright/test';
import { appOrigin, signInAs } from './accounts';
import { checkAtBothSizes, refuseCookies, spaceIdOf } from './booking';
import { expect, test } from './fixtures';
import { waitForMail } from './mailbox';

/**
 * Shared documents (issue 15): the manager of Acme shares a contract with the demo member (an HTML page
 * renamed .pdf is refused first); the member finds it on /documents, downloads it and confirms reading it;
 * the manager sees it read, then revokes the share and the member no longer sees nor downloads it.
 */

const CONTRACT = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);
const HTML = Buffer.from('<!doctype html><html><body><h1>Pas un PDF</h1></body></html>');

async function switchLanguage(page: Page, to: 'English' | 'Français') {
  await page.getByRole('button', { name: to }).click();
}

test('a manager shares a contract; the member downloads it and confirms reading it; the share is revoked', async ({
  page,
  navigate,
}) => {
  test.setTimeout(180_000);
  await signInAs(page, 'manager');
  const spaceId = await spaceIdOf(page, 'acme-coworking-paris');
  await navigate(`/myspaces/${spaceId}/documents`);
  await refuseCookies(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Documents — /);
  const upload = page.getByRole('region', { name: 'Déposer un document' });

  // An HTML page renamed .pdf is refused, with why.
  await upload
    .getByLabel('Fichier')
    .setInputFiles({ name: 'contrat.pdf', mimeType: 'application/pdf', buffer: HTML });
  await upload.getByRole('button', { name: 'Déposer et partager' }).click();
  await expect(upload.getByRole('alert')).toContainText('Ce fichier n’est pas accepté');

  // The real contract, shared with the member only.
  await upload.getByLabel('Fichier').setInputFiles({
    name: 'contrat-domiciliation.pdf',
    mimeType: 'application/pdf',
    buffer: CONTRACT,
  });
  await upload.getByLabel('Titre du document').fill('Contrat de domiciliation');
  await upload.getByLabel('Partager avec').selectOption({ label: 'Camille Martin' });
  const since = Date.now();
  await upload.getByRole('button', { name: 'Déposer et partager' }).click();
  const managed = page.getByTestId('managed-document').filter({ hasText: 'Contrat de domiciliation' });
  await expect(managed.getByTestId('readers')).toContainText('Camille Martin');
  await expect(managed.getByTestId('readers')).toContainText('pas encore lu');
  await checkAtBothSizes(page, 'space-documents-fr');
  await switchLanguage(page, 'English');
  await expect(page.getByRole('heading', { level: 2, name: 'Upload a document' })).toBeVisible();
  await checkAtBothSizes(page, 'space-documents-en');
  await switchLanguage(page, 'Français');

  // The member is told by e-mail, finds it on /documents, downloads it and confirms reading it.
  const mail = await waitForMail('membre@escale.test', { since, subject: /Contrat de domiciliation/ });
  expect(mail.subject).toContain('Contrat de domiciliation');
  await page.context().clearCookies();
  await signInAs(page, 'member');
  await navigate('/documents');
  const shared = page.getByTestId('shared-document').filter({ hasText: 'Contrat de domiciliation' });
  await expect(shared).toContainText('Partagé par Acme');
  const href = (await shared
    .getByRole('link', { name: 'Télécharger « Contrat de domiciliation »' })
    .getAttribute('href'))!;
  const download = await page.request.get(href);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-type']).toBe('application/pdf');
  expect((await download.body()).equals(CONTRACT)).toBe(true);
  await shared.getByRole('button', { name: 'Confirmer avoir lu « Contrat de domiciliation »' }).click();
  await expect(shared.getByTestId('acknowledged')).toContainText('Lu le');
  await checkAtBothSizes(page, 'documents-shared-fr');
  await switchLanguage(page, 'English');
  await expect(page.getByRole('heading', { level: 2, name: 'Documents shared with me' })).toBeVisible();
  await checkAtBothSizes(page, 'documents-shared-en');
  await switchLanguage(page, 'Français');

  // Someone signed out cannot download it.
  const visitor = await page.context().browser()!.newContext({ baseURL: appOrigin() });
  expect((await (await visitor.newPage()).request.get(href)).status()).toBe(401);
  await visitor.close();

  // The manager sees it read, then revokes the share.
  await page.context().clearCookies();
  await signInAs(page, 'manager');
  await navigate(`/myspaces/${spaceId}/documents`);
  await expect(managed.getByTestId('readers')).toContainText('Lu le');
  await expect(managed).toContainText('Lectures confirmées : 1 sur 1');
  await managed
    .getByRole('button', { name: 'Retirer le partage de « Contrat de domiciliation » avec Camille Martin' })
    .click();
  await expect(managed).toContainText('Partagé avec personne pour l’instant.');

  // The member no longer sees nor downloads it.
  await page.context().clearCookies();
  await signInAs(page, 'member');
  await navigate('/documents');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mes documents');
  await expect(
    page.getByTestId('shared-document').filter({ hasText: 'Contrat de domiciliation' }),
  ).toHaveCount(0);
  expect((await page.request.get(href)).status()).toBe(403);
});

test('/documents is two clicks from any signed-in page: the account menu, then my documents', async ({
  page,
  navigate,
}) => {
  await signInAs(page, 'member');
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    for (const path of ['/', '/reservations', '/plans', '/profile', '/community', '/activity']) {
      await navigate(path);
      await page.getByRole('button', { name: 'Mon compte', exact: true }).click();
      await page.getByRole('menuitem', { name: 'Mes documents' }).click();
      await expect(page).toHaveURL(/\/documents$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mes documents');
    }
  }
  await switchLanguage(page, 'English');
  await page.getByRole('button', { name: 'My account', exact: true }).click();
  await page.getByRole('menuitem', { name: 'My documents' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My documents');
  await switchLanguage(page, 'Français');
});
