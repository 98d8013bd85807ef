import type { Browser, Page } from '@playwright/test';
import { appOrigin, DEMO_ACCOUNTS, signInAs } from './accounts';
import {
  checkAtBothSizes,
  firstFreeStart,
  parisDate,
  parisDateTime,
  refuseCookies,
  roomId,
  spaceIdOf,
} from './booking';
import { expect, test, untilHydrated } from './fixtures';
import { linkIn, waitForMail } from './mailbox';

/**
 * Paid events (issue 16, docs/decisions/025): the manager sets a price and a credit cost in the event form;
 * the demo member (who holds meeting-room credit) sees the price with and without VAT and pays with their
 * credits, then cancels within the policy and gets them back (their credit history links both lines to the
 * event); a new member pays at price by transfer and the manager marks it paid at the door. Axe and screenshots, French and English, desktop and phone.
 */

const PASSWORD = 'une phrase de passe solide';

async function open(page: Page, path: string) {
  await page.goto(path);
  await untilHydrated(page);
  await refuseCookies(page);
}

async function switchTo(page: Page, language: 'English' | 'Français') {
  await page.getByRole('button', { name: language }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', language === 'English' ? 'en' : 'fr');
}

async function newMember(browser: Browser, name: string) {
  const context = await browser.newContext({ baseURL: appOrigin() });
  const page = await context.newPage();
  const email = `payant-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const since = Date.now();
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { name, email, password: PASSWORD, locale: 'fr' },
    headers: { Origin: appOrigin() },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);
  const mail = await waitForMail(email, { since });
  await page.goto(linkIn(mail, '/api/auth/verify-email'));
  return { page, email, name };
}

test('a paid event: paid with credits and refunded within the policy, or at price by transfer and marked paid at the door', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signInAs(page, 'manager');
  const acme = await spaceIdOf(page, 'acme-coworking-paris');
  const room = await roomId(page, 'acme-coworking-paris', 'Salle Parmentier');
  const startsAt = await firstFreeStart(page, room, { from: parisDate(12), to: parisDate(13), minutes: 120 });
  const start = parisDateTime(startsAt);
  const end = parisDateTime(new Date(Date.parse(startsAt) + 2 * 3_600_000).toISOString());

  // The manager creates a paid event: €25 excl. VAT at 20 %, or 1 h 30 of credit.
  await open(page, `/myspaces/${acme}?section=events`);
  const form = page.getByRole('region', { name: 'Nouvel événement' });
  await form.getByLabel('Titre (français)').fill('Atelier photo');
  await form.getByLabel('Titre (anglais, facultatif)').fill('Photo workshop');
  await form.getByLabel('Début').fill(`${start.date}T${start.time}`);
  await form.getByLabel('Fin', { exact: true }).fill(`${end.date}T${end.time}`);
  await form.getByLabel('Nombre de places').fill('12');
  await form.getByLabel('Salle').selectOption({ label: 'Salle Parmentier' });
  await form.getByLabel('Prix HT (€)').fill('25');
  await expect(form.getByText('30,00 € TTC', { exact: false })).toBeVisible();
  await form.getByLabel('Payable avec les crédits d’une formule').check();
  await form.getByLabel('Coût en crédits (heures)').fill('1,5');
  await checkAtBothSizes(page, 'office-paid-event-form-fr');
  await form.getByRole('button', { name: 'Créer le brouillon' }).click();
  await expect(page).toHaveURL(/\/myspaces\/[^/]+\/events\/[0-9a-f-]+$/);
  const eventId = page.url().split('/').at(-1)!;
  await page.getByRole('button', { name: 'Publier' }).click();
  await expect(page.getByText('Publié', { exact: false }).first()).toBeVisible();

  // The demo member holds meeting-room credit: credits are offered first, with the balance before and after.
  const memberContext = await browser.newContext({ baseURL: appOrigin() });
  const member = await memberContext.newPage();
  await signInAs(member, 'member');
  await open(member, `/events/${eventId}`);
  await expect(member.getByRole('heading', { level: 1 })).toHaveText('Atelier photo');
  await expect(member.locator('dd', { hasText: '25,00 € HT · TVA 20 %' })).toContainText('30,00 € TTC');
  const panel = member.getByRole('region', { name: /^(Votre inscription|Your registration)$/ });
  await expect(panel.getByLabel('Payer avec mes crédits')).toBeChecked();
  await expect(panel.getByText('1 h 30 débités de vos crédits', { exact: false })).toBeVisible();
  await checkAtBothSizes(member, 'event-paid-fr');
  await switchTo(member, 'English');
  await expect(member.getByRole('heading', { level: 1 })).toHaveText('Photo workshop');
  await expect(member.locator('dd', { hasText: '€25.00 excl. VAT' })).toContainText('€30.00 incl. VAT');
  await checkAtBothSizes(member, 'event-paid-en');
  await switchTo(member, 'Français');

  const registeredAt = Date.now();
  await panel.getByRole('button', { name: 'Réserver ma place' }).click();
  await expect(panel.getByText('Payée avec vos crédits : 1 h 30.')).toBeVisible();
  // The confirmation e-mail says how the place was paid (in the language the member reads when it leaves).
  const confirmation = await waitForMail(DEMO_ACCOUNTS.member, {
    since: registeredAt,
    subject: /^(Inscription confirmée : Atelier photo|Registration confirmed: Photo workshop)/,
  });
  expect(confirmation.text).toMatch(/Payée avec vos crédits : 1 h 30|Paid with your credits: 1 h 30/);
  expect(confirmation.text).not.toMatch(/30,00 €|€30\.00/);
  await checkAtBothSizes(member, 'event-paid-registered-fr');
  await switchTo(member, 'English');
  await expect(panel.getByText('Paid with your credit: 1 h 30.')).toBeVisible();
  await checkAtBothSizes(member, 'event-paid-registered-en');
  await switchTo(member, 'Français');
  // Cancelled twelve days ahead: within the policy, the credit comes back.
  await panel.getByRole('button', { name: 'Annuler mon inscription' }).click();
  await expect(panel.getByText('Vous avez annulé votre inscription.')).toBeVisible();
  await expect(panel.getByText('1 h 30 débités de vos crédits', { exact: false })).toBeVisible();
  // Their credit history names the event of the debit and of the refund, with a link to its page.
  await open(member, '/plans');
  const eventLines = member
    .getByTestId('ledger-line')
    .filter({ has: member.locator(`a[href="/events/${eventId}"]`) });
  await expect(eventLines).toHaveCount(2);
  await expect(eventLines.nth(0)).toContainText('Remboursement d’une place annulée · « Atelier photo »');
  await expect(eventLines.nth(1)).toContainText('Place d’événement payée en crédits · « Atelier photo »');
  await checkAtBothSizes(member, 'plans-event-ledger-fr');
  await switchTo(member, 'English');
  await expect(eventLines.nth(0)).toContainText('Refund of a cancelled place · “Photo workshop”');
  await expect(eventLines.nth(1)).toContainText('Event place paid with credits · “Photo workshop”');
  await checkAtBothSizes(member, 'plans-event-ledger-en');
  await switchTo(member, 'Français');
  await eventLines.nth(0).getByRole('link').click();
  await expect(member).toHaveURL(new RegExp(`/events/${eventId}$`));
  await expect(member.getByRole('heading', { level: 1 })).toHaveText('Atelier photo');
  await memberContext.close();

  // A new member pays the price by bank transfer.
  const buyer = await newMember(browser, 'Damien Objectif');
  await open(buyer.page, `/events/${eventId}`);
  const buyerPanel = buyer.page.getByRole('region', { name: 'Votre inscription' });
  await expect(buyerPanel.getByLabel('Payer avec mes crédits')).toHaveCount(0);
  await buyerPanel.getByLabel('Par virement bancaire').check();
  await buyerPanel.getByRole('button', { name: 'Réserver ma place' }).click();
  await expect(
    buyerPanel.getByText('Commande de 30,00 €, par virement bancaire : à régler.', { exact: false }),
  ).toBeVisible();

  // At the door, the manager sees what is owed and marks it paid.
  await open(page, `/myspaces/${acme}/events/${eventId}`);
  const door = page.getByRole('region', { name: /^(Pointage à l’entrée|Check-in at the door)$/ });
  await expect(door.getByText('30,00 €, par virement bancaire : à régler')).toBeVisible();
  await door.getByRole('button', { name: 'Marquer la place de Damien Objectif comme réglée' }).click();
  await expect(door.getByText('30,00 €, par virement bancaire : réglée')).toBeVisible();
  await checkAtBothSizes(page, 'office-paid-event-fr');
  await switchTo(page, 'English');
  await checkAtBothSizes(page, 'office-paid-event-en');
  await page.request.post('/api/fn/profile.setLocale', {
    data: { data: { locale: 'fr' } },
    headers: { Origin: appOrigin() },
  });
});
