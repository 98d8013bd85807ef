import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { appOrigin, DEMO_ACCOUNTS, DEMO_PASSWORD, signInAs } from './accounts';
import { checkAtBothSizes, refuseCookies, spaceIdOf } from './booking';
import { callApi } from './factories';
import { expect, test, untilHydrated } from './fixtures';
import { linkIn, waitForMail } from './mailbox';
import { gradientPng } from './picture';

/**
 * The community (/community, /ad/{id}, /profile's directory section, the back office's reports): a new
 * member of Acme opts in and the demo member of Acme finds and writes to them, while a member of La Ruche
 * does not see them; they post an ad, the demo member replies, they close it; a report on another of their
 * ads leads the manager to hide it, and they receive the reason.
 */

/** A new account, e-mail confirmed, member of `spaceSlug` (invited by the demo manager on `manager`). */
async function newMember(browser: Browser, manager: Page, name: string, spaceSlug: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = `communaute-${randomUUID().slice(0, 8)}@example.com`;
  const since = Date.now();
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { name, email, password: DEMO_PASSWORD, locale: 'fr', callbackURL: '/community' },
    headers: { Origin: appOrigin() },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);
  await page.goto(linkIn(await waitForMail(email, { since }), '/api/auth/verify-email'));
  const spaceId = await spaceIdOf(manager, spaceSlug);
  await callApi(manager, 'backoffice.invite', { spaceId, email, role: 'member' });
  const mine = await callApi<{ invitations: Array<{ id: string }> }>(page, 'backoffice.listMySpaces', {});
  await callApi(page, 'backoffice.acceptInvitation', { invitationId: mine.invitations[0]!.id });
  return { context, page, email };
}

/** Checks a page in French, then in English, at both sizes, and goes back to French. */
async function checkInBothLanguages(page: Page, name: string) {
  await checkAtBothSizes(page, `${name}-fr`);
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await checkAtBothSizes(page, `${name}-en`);
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
}

test('a member opts in, is found and written to by a member of their space (not of another), posts an ad that is replied to and closed, and a report hides another', async ({
  page,
  navigate,
  browser,
}) => {
  test.slow();
  const suffix = randomUUID().slice(0, 6);
  const name = `Inès Rousseau ${suffix}`;

  // The demo manager (owner of Acme, manager of La Ruche) brings in two new people.
  const managerContext = await browser.newContext();
  const manager = await managerContext.newPage();
  await signInAs(manager, 'manager');
  const ines = await newMember(browser, manager, name, 'acme-coworking-paris');
  const lea = await newMember(browser, manager, `Léa Petit ${suffix}`, 'la-ruche-lyon');

  // Inès opts in from /profile: off by default, then on, with her skills shown.
  await ines.page.goto('/profile');
  await untilHydrated(ines.page);
  await refuseCookies(ines.page);
  await callApi(ines.page, 'profile.update', {
    name,
    locale: 'fr',
    company: 'Atelier Rousseau',
    jobTitle: 'Illustratrice',
    skills: ['Aquarelle', 'Édition'],
    bio: null,
    notificationSettings: {
      reservationUpdates: true,
      reminders: true,
      eventUpdates: true,
      invoices: true,
      communityMessages: true,
      productNews: false,
    },
  });
  await ines.page.reload();
  await untilHydrated(ines.page);
  const section = ines.page.getByRole('region', { name: 'Annuaire de la communauté' });
  const visible = section.getByLabel('Apparaître dans l’annuaire');
  await expect(visible).not.toBeChecked();
  await visible.check();
  await section.getByLabel('Métier').check();
  await section.getByLabel('Compétences').check();
  await section.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(ines.page.getByText('Fiche de l’annuaire enregistrée.', { exact: true })).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await checkInBothLanguages(ines.page, 'community-profile-section');

  // Camille (demo member of Acme) finds her by skill, and writes to her.
  await signInAs(page, 'member');
  await navigate('/community');
  await refuseCookies(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Communauté');
  await page.getByLabel('Nom, compétence, métier ou entreprise').fill('aquarelle');
  await page.getByRole('button', { name: 'Rechercher' }).click();
  await expect(page).toHaveURL(/q=aquarelle/);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(card).toBeVisible();
  await expect(card.getByText('Illustratrice')).toBeVisible();
  // Her company is not among the fields she chose.
  await expect(card.getByText('Atelier Rousseau')).toHaveCount(0);
  await checkInBothLanguages(page, 'community-directory');

  const since = Date.now();
  await card.getByRole('button', { name: /^Écrire/ }).click();
  const contact = page.getByRole('dialog', { name: `Écrire à ${name}` });
  await contact.getByLabel('Votre message').fill('Bonjour Inès, auriez-vous le temps pour une affiche ?');
  await expect(contact).toBeVisible();
  await checkAtBothSizes(page, 'community-contact-fr');
  await contact.getByRole('button', { name: 'Envoyer' }).click();
  await expect(page.getByText('Message envoyé.', { exact: true })).toBeVisible();
  const relayed = await waitForMail(ines.email, { since });
  expect(relayed.text).toContain('auriez-vous le temps pour une affiche ?');
  expect(`${relayed.subject}${relayed.text}${relayed.html}`).not.toContain(DEMO_ACCOUNTS.member);
  expect(`${relayed.text}${relayed.html}`).not.toContain(ines.email);

  // Inès answers from the e-mail's button: relayed back to Camille the same way.
  await ines.page.goto(linkIn(relayed, '/community?reply='));
  const answer = ines.page.getByRole('region', { name: /^Répondre à Camille Martin/ });
  await answer.getByLabel('Votre réponse').fill('Avec plaisir, passons en parler mardi.');
  await answer.getByRole('button', { name: 'Envoyer la réponse' }).click();
  await expect(answer.getByText('Votre réponse a été transmise à Camille Martin.')).toBeVisible();
  const answered = await waitForMail(DEMO_ACCOUNTS.member, { since, subject: /vous a répondu sur Escale$/ });
  expect(answered.text).toContain('Avec plaisir, passons en parler mardi.');
  expect(`${answered.text}${answered.html}`).not.toContain(ines.email);

  // Léa, of La Ruche only, does not see Inès.
  await lea.page.goto('/community?q=aquarelle');
  await expect(lea.page.getByRole('heading', { level: 1 })).toHaveText('Communauté');
  await expect(lea.page.getByText(name)).toHaveCount(0);
  await expect(lea.page.getByRole('heading', { name: 'Personne à afficher' })).toBeVisible();

  // Inès posts an ad through the form.
  await ines.page.goto('/community?tab=ads');
  await untilHydrated(ines.page);
  await ines.page.getByRole('button', { name: 'Publier une annonce' }).click();
  const form = ines.page.getByRole('dialog', { name: 'Nouvelle annonce' });
  const adTitle = `Affiches illustrées ${suffix}`;
  await form.getByLabel('Catégorie').selectOption({ label: 'Service' });
  await form.getByLabel('Titre').fill(adTitle);
  await form
    .getByLabel('Texte')
    .fill('Des affiches **à l’aquarelle** pour vos événements.\n\n<script>alert(1)</script>');
  // With an image and its description.
  await form.getByTestId('ad-image-input').setInputFiles({
    name: 'affiche.png',
    mimeType: 'image/png',
    buffer: gradientPng(600, 400, [14, 116, 144], [191, 219, 254]),
  });
  await expect(form.getByRole('img')).toBeVisible();
  await form.getByLabel('Description de l’image').fill('Une affiche aquarellée aux tons bleus');
  await form.getByRole('button', { name: 'Publier' }).click();
  await expect(ines.page).toHaveURL(/\/ad\/[0-9a-f-]{36}$/);
  await expect(ines.page.getByRole('heading', { level: 1 })).toHaveText(adTitle);
  await expect(ines.page.locator('main strong')).toHaveText('à l’aquarelle');
  await expect(ines.page.getByText('<script>alert(1)</script>')).toBeVisible();
  const adUrl = new URL(ines.page.url()).pathname;

  // Camille finds it among Acme's ads and replies.
  await navigate('/community?tab=ads&category=service');
  await page.getByRole('link', { name: adTitle }).click();
  await expect(page).toHaveURL(adUrl);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(adTitle);
  await expect(page.getByRole('img', { name: 'Une affiche aquarellée aux tons bleus' })).toBeVisible();
  await checkInBothLanguages(page, 'community-ad');
  const replied = Date.now();
  await page.getByRole('button', { name: 'Répondre' }).click();
  const reply = page.getByRole('dialog', { name: `Répondre à « ${adTitle} »` });
  await reply.getByLabel('Votre message').fill('Bonjour, il me faudrait trois affiches.');
  await reply.getByRole('button', { name: 'Envoyer' }).click();
  await expect(page.getByText('Réponse envoyée à l’auteur de l’annonce.', { exact: true })).toBeVisible();
  const replyMail = await waitForMail(ines.email, { since: replied });
  expect(replyMail.subject).toContain(adTitle);
  expect(replyMail.text).toContain('il me faudrait trois affiches.');
  expect(`${replyMail.text}${replyMail.html}`).not.toContain(DEMO_ACCOUNTS.member);

  // Inès closes it: gone from Acme's list.
  await ines.page.reload();
  await untilHydrated(ines.page);
  await checkInBothLanguages(ines.page, 'community-ad-author');
  await ines.page.getByRole('button', { name: 'Clôturer l’annonce' }).click();
  await expect(ines.page.getByText('Vous avez clôturé cette annonce')).toBeVisible();
  await navigate('/community?tab=ads');
  await expect(page.getByRole('link', { name: adTitle })).toHaveCount(0);
  // Closed, its image is no longer the members' to read.
  const imageUrl = (
    await callApi<{ image: { url: string } }>(ines.page, 'community.getAd', { id: adUrl.split('/').pop() })
  ).image.url;
  expect((await page.request.get(imageUrl)).status()).toBe(403);
  await checkInBothLanguages(page, 'community-ads');

  // A report leads the manager to hide another ad of hers; she receives the reason.
  const second = await callApi<{ id: string }>(ines.page, 'community.createAd', {
    category: 'other',
    kind: 'request',
    title: `Annonce signalée ${suffix}`,
    body: 'Un texte que Camille va signaler.',
    spaceIds: [await spaceIdOf(manager, 'acme-coworking-paris')],
  });
  await navigate(`/ad/${second.id}`);
  await page.getByRole('button', { name: 'Signaler' }).click();
  const report = page.getByRole('dialog', { name: /^Signaler l’annonce/ });
  await report.getByLabel('Motif du signalement').fill('Hors sujet pour cet espace.');
  await report.getByRole('button', { name: 'Signaler' }).click();
  await expect(page.getByText('Signalement envoyé. Merci.', { exact: true })).toBeVisible();

  const acme = await spaceIdOf(manager, 'acme-coworking-paris');
  await manager.goto(`/myspaces/${acme}?section=reports`);
  await untilHydrated(manager);
  await refuseCookies(manager);
  const reported = manager.getByRole('listitem').filter({ hasText: `Annonce signalée ${suffix}` });
  await expect(reported.getByText('Hors sujet pour cet espace.')).toBeVisible();
  await checkInBothLanguages(manager, 'community-moderation');
  const hidden = Date.now();
  await reported.getByRole('button', { name: 'Masquer le contenu' }).click();
  const decision = manager.getByRole('dialog', { name: 'Masquer ce contenu' });
  await decision
    .getByLabel('Motif de la décision')
    .fill('Les annonces doivent concerner la vie de l’espace.');
  await decision.getByRole('button', { name: 'Masquer et prévenir l’auteur' }).click();
  await expect(manager.getByText('Contenu masqué ; son auteur est prévenu.', { exact: true })).toBeVisible();
  const removal = await waitForMail(ines.email, { since: hidden });
  expect(removal.subject).toContain(`Annonce signalée ${suffix}`);
  expect(removal.text).toContain('Les annonces doivent concerner la vie de l’espace.');
  expect(removal.text).not.toContain(DEMO_ACCOUNTS.member);
  // The reporter is told the outcome, without the reason written to the author.
  const outcome = await waitForMail(DEMO_ACCOUNTS.member, {
    since: hidden,
    subject: /^Votre signalement a été examiné$/,
  });
  expect(outcome.subject).toBe('Votre signalement a été examiné');
  expect(outcome.text).toContain(`Annonce signalée ${suffix}`);
  expect(outcome.text).not.toContain('Les annonces doivent concerner la vie de l’espace.');

  await navigate(`/ad/${second.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Erreur 404/);
  await ines.page.goto(`/ad/${second.id}`);
  await expect(ines.page.getByText('Les annonces doivent concerner la vie de l’espace.')).toBeVisible();

  await Promise.all([ines.context.close(), lea.context.close(), managerContext.close()]);
});

test('/community asks a signed-out visitor to sign in and comes back', async ({ page }) => {
  await page.goto('/community?tab=ads');
  await expect(page).toHaveURL(/\/auth\/Login\?redirect=%2Fcommunity%3Ftab%3Dads$/);
});
