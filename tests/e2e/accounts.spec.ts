import { readFileSync } from 'node:fs';
import { NOT_AN_IMAGE, PNG_BYTES, pngDeclaring } from '../support/file-samples';
import { appOrigin, signInAs } from './accounts';
import { expect, expectNoAxeViolations, keepScreenshot, test, untilHydrated } from './fixtures';
import { linkIn, waitForMail } from './mailbox';

const PASSWORD = 'une phrase de passe solide';

// The cookie choice is made already: the banner would cover the forms' buttons.
test.beforeEach(async ({ context }) => {
  await context.addInitScript(() =>
    window.localStorage.setItem('cookie-consent-v1', JSON.stringify({ analytics: false, ads: false })),
  );
});
const uniqueEmail = (label: string) =>
  `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

test('sign up, confirm by mail, sign out and in, edit the profile with an avatar, export, delete', async ({
  page,
  navigate,
}) => {
  const email = uniqueEmail('parcours');

  // Sign-up refuses a short password, saying why.
  await navigate('/auth/Signup');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Créer un compte');
  await keepScreenshot(page, 'auth-signup-fr');
  await page.getByLabel('Nom complet').fill('Louise Parcours');
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill('court');
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByText('Mot de passe trop court : il faut au moins 10 caractères.')).toBeVisible();
  await expect(page.getByText("Acceptez les conditions d'utilisation pour créer un compte.")).toBeVisible();

  const signedUpAt = Date.now();
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByRole('checkbox', { name: /J'accepte les conditions d'utilisation/ }).check();
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByRole('heading', { name: 'Vérifiez votre boîte mail' })).toBeVisible();

  // The confirmation mail reaches the SMTP server; its link opens /auth/validated, signed in.
  const mail = await waitForMail(email, { since: signedUpAt });
  expect(mail.subject).toBe('Confirmez votre adresse e-mail');
  await navigate(linkIn(mail, '/api/auth/verify-email'));
  await expect(page).toHaveURL(/\/auth\/validated$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Adresse confirmée');
  await expect(page.getByText(`Merci Louise Parcours ! Votre adresse ${email} est confirmée`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Commencer' })).toHaveAttribute('href', '/start');
  await expectNoAxeViolations(page);
  await keepScreenshot(page, 'auth-validated-fr');

  // Sign out from the header's account menu.
  await navigate('/');
  await page.getByRole('button', { name: 'Mon compte', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
  await expect(page.getByRole('link', { name: 'Se connecter' })).toBeVisible();

  // A login-required page sends the visitor to sign in, and back after.
  await navigate('/profile');
  await expect(page).toHaveURL(/\/auth\/Login\?redirect=%2Fprofile$/);
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(`${PASSWORD}!`);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText('Adresse e-mail ou mot de passe incorrect.')).toBeVisible();
  await expectNoAxeViolations(page);
  await keepScreenshot(page, 'auth-login-fr');
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await untilHydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mon profil');

  // Change the name (the "Informations" section: the directory and billing sections have their own forms).
  const details = page.getByRole('region', { name: 'Informations' });
  await details.getByRole('textbox', { name: 'Nom', exact: true }).fill('Louise Modifiée');
  await details.getByRole('textbox', { name: 'Entreprise', exact: true }).fill('Atelier Parcours');
  await details.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Profil enregistré.').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mon compte', exact: true })).toContainText(
    'Louise Modifiée',
  );

  // Choosing English: the page and the confirmation switch to it; then back to French.
  await details.getByRole('combobox', { name: 'Langue du site et des e-mails' }).selectOption('en');
  await details.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My profile');
  await expect(page.getByText('Profile saved.').first()).toBeVisible();
  await expect(page.getByText('Profil enregistré.')).toHaveCount(0);
  const detailsInEnglish = page.getByRole('region', { name: 'Details', exact: true });
  await detailsInEnglish
    .getByRole('combobox', { name: 'Language of the site and e-mails' })
    .selectOption('fr');
  await detailsInEnglish.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mon profil');

  // A file that is not an image is refused, whatever its name; a real image goes up with a progress bar.
  const avatarInput = page.getByTestId('avatar-input');
  await avatarInput.setInputFiles({
    name: 'photo.png',
    mimeType: 'image/png',
    buffer: Buffer.from(NOT_AN_IMAGE),
  });
  await expect(page.getByText("Ce fichier n'est pas une image PNG, JPEG, WebP ou GIF.")).toBeVisible();
  // A few hundred bytes declaring 50,000 × 50,000 pixels: refused for its size, said in the page's language.
  await avatarInput.setInputFiles({
    name: 'bomb.png',
    mimeType: 'image/png',
    buffer: Buffer.from(pngDeclaring(50_000, 50_000)),
  });
  await expect(
    page.getByText('Cette image est trop grande : 12\u202f000 pixels de côté et 64 mégapixels au plus.'),
  ).toBeVisible();
  await avatarInput.setInputFiles({ name: 'moi.png', mimeType: 'image/png', buffer: Buffer.from(PNG_BYTES) });
  const progress = page.getByRole('progressbar', { name: 'Envoi de la photo' });
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByText('Photo mise à jour.')).toBeVisible();
  const headerAvatar = page.getByRole('button', { name: 'Mon compte', exact: true }).locator('img');
  await expect(headerAvatar).toHaveAttribute('src', /^\/api\/files\/[A-Za-z0-9_-]{22}$/);
  await expectNoAxeViolations(page);
  await keepScreenshot(page, 'profile-fr');

  // Export my data: JSON with what we hold, no password hash and no session token.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Télécharger mes données' }).click();
  const download = await downloading;
  const exported = readFileSync(await download.path(), 'utf8');
  const data = JSON.parse(exported) as { profile: { name: string; email: string; image: string } };
  expect(data.profile).toMatchObject({ name: 'Louise Modifiée', email });
  expect(exported).not.toMatch(/"(password|token)"/);
  const sessionCookie = (await page.context().cookies()).find(
    (cookie) => cookie.name === 'escale.session_token',
  );
  expect(sessionCookie).toBeDefined();
  expect(exported).not.toContain(decodeURIComponent(sessionCookie!.value).split('.')[0]!);

  // Delete the account, confirmed by typing the e-mail address.
  await page.getByRole('button', { name: 'Supprimer mon compte' }).click();
  const dialog = page.getByRole('dialog', { name: 'Supprimer définitivement votre compte ?' });
  await dialog.getByLabel('Votre adresse e-mail').fill('quelqu-un-d-autre@example.com');
  await dialog.getByRole('button', { name: 'Supprimer définitivement' }).click();
  await expect(dialog.getByText('Cette adresse ne correspond pas à celle de votre compte.')).toBeVisible();
  await dialog.getByLabel('Votre adresse e-mail').fill(email);
  await dialog.getByRole('button', { name: 'Supprimer définitivement' }).click();
  await expect(page).toHaveURL(/\/auth\/Login\?notice=deleted$/);
  await expect(page.getByText('Votre compte a été supprimé')).toBeVisible();

  // Signing in again fails.
  await untilHydrated(page);
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText('Adresse e-mail ou mot de passe incorrect.')).toBeVisible();
});

test('reset the password by mail: sessions end, the old password and a reused link are refused', async ({
  page,
  navigate,
  browser,
}) => {
  const email = uniqueEmail('reset');
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { name: 'Rémi Reset', email, password: PASSWORD },
    headers: { Origin: appOrigin() },
  });
  expect(signUp.status()).toBe(200);
  // Another device is signed in before the reset.
  const otherDevice = await browser.newContext({ baseURL: appOrigin() });
  const otherPage = await otherDevice.newPage();
  await signInAs(otherPage, { email, password: PASSWORD });

  await navigate('/auth/Reset');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mot de passe oublié');
  await keepScreenshot(page, 'auth-reset-fr');

  // The same answer for an address without an account…
  await page.getByLabel('Adresse e-mail').fill('personne-ici@example.com');
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  const unknownAnswer = await page.getByRole('status').innerText();
  expect(unknownAnswer).toContain('Si un compte existe pour personne-ici@example.com');
  // …and for one with an account.
  await navigate('/auth/Reset');
  const requestedAt = Date.now();
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  const knownAnswer = await page.getByRole('status').innerText();
  expect(knownAnswer.replace(email, 'X')).toBe(unknownAnswer.replace('personne-ici@example.com', 'X'));

  const mail = await waitForMail(email, { since: requestedAt });
  expect(mail.subject).toBe('Réinitialisez votre mot de passe');
  const link = linkIn(mail, '/api/auth/reset-password/');
  await navigate(link);
  await expect(page).toHaveURL(/\/auth\/Reset\?token=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choisir un nouveau mot de passe');
  await page.getByLabel('Nouveau mot de passe').fill('un tout nouveau mot de passe');
  await page.getByLabel('Confirmez le mot de passe').fill('un autre mot de passe');
  await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect(page.getByText('Les deux mots de passe ne sont pas identiques.')).toBeVisible();
  await expectNoAxeViolations(page);
  await keepScreenshot(page, 'auth-reset-new-fr');
  await page.getByLabel('Confirmez le mot de passe').fill('un tout nouveau mot de passe');
  await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect(page.getByText('Mot de passe changé', { exact: true })).toBeVisible();

  // The other device was signed out.
  await otherPage.goto('/profile');
  await expect(otherPage).toHaveURL(/\/auth\/Login\?redirect=%2Fprofile$/);
  await otherDevice.close();

  // The old password is refused, the new one works.
  await navigate('/auth/Login');
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText('Adresse e-mail ou mot de passe incorrect.')).toBeVisible();
  await page.getByLabel('Mot de passe', { exact: true }).fill('un tout nouveau mot de passe');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('button', { name: 'Mon compte', exact: true })).toBeVisible();

  // The link works once.
  await navigate(link);
  await expect(page).toHaveURL(/\/auth\/Reset\?error=INVALID_TOKEN$/);
  await expect(page.getByText("Ce lien n'est plus valable")).toBeVisible();
});

test('an unconfirmed member signs in, sees the banner and gets the link again', async ({
  page,
  navigate,
}) => {
  const email = uniqueEmail('banner');
  await page.request.post('/api/auth/sign-up/email', {
    data: { name: 'Bastien Bandeau', email, password: PASSWORD },
    headers: { Origin: appOrigin() },
  });
  await signInAs(page, { email, password: PASSWORD });
  await navigate('/');
  const banner = page.getByText('Confirmez votre adresse e-mail pour pouvoir réserver.');
  await expect(banner).toBeVisible();
  const askedAt = Date.now();
  await page.getByRole('button', { name: 'Renvoyer le lien' }).click();
  await expect(
    page.getByText(`Un nouveau lien de confirmation a été envoyé à ${email}.`).first(),
  ).toBeVisible();
  await waitForMail(email, { since: askedAt });
  await expectNoAxeViolations(page);
  await keepScreenshot(page, 'auth-unconfirmed-banner-fr', { fullPage: false });
});

test('a one-time token in the URL signs in once and is removed; a reused one is logged', async ({
  page,
  navigate,
  request,
}) => {
  const email = uniqueEmail('ott');
  await request.post('/api/auth/sign-up/email', {
    data: { name: 'Olga Jeton', email, password: PASSWORD },
    headers: { Origin: appOrigin() },
  });
  // A non-browser client (bearer token) asks for a one-time token to open the web app signed in.
  const signIn = await request.post('/api/auth/sign-in/email', { data: { email, password: PASSWORD } });
  const bearer = signIn.headers()['set-auth-token']!;
  const generated = await request.get('/api/auth/one-time-token/generate', {
    headers: { Authorization: `Bearer ${bearer}` },
  });
  const { token } = (await generated.json()) as { token: string };

  await navigate(`/?ott=${token}`);
  await expect(page.getByRole('button', { name: 'Mon compte', exact: true })).toBeVisible();
  expect(new URL(page.url()).search).toBe('');

  // Signed out, the same token again: refused, and said so in the console.
  await page.context().clearCookies();
  const messages: string[] = [];
  page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
  await navigate(`/?ott=${token}`);
  await expect.poll(() => messages.join('\n')).toContain('error: One-time sign-in failed');
  expect(new URL(page.url()).search).toBe('');
  await expect(page.getByRole('link', { name: 'Se connecter' })).toBeVisible();
});

test('signing out in another tab clears the person held by this one, with a console message', async ({
  page,
  navigate,
}) => {
  const email = uniqueEmail('tabs');
  await page.request.post('/api/auth/sign-up/email', {
    data: { name: 'Théo Onglets', email, password: PASSWORD },
    headers: { Origin: appOrigin() },
  });
  await signInAs(page, { email, password: PASSWORD });
  await navigate('/');
  const messages: string[] = [];
  page.on('console', (message) => messages.push(message.text()));
  await expect(page.getByRole('button', { name: 'Mon compte', exact: true })).toBeVisible();

  const otherTab = await page.context().newPage();
  await otherTab.goto('/');
  await untilHydrated(otherTab);
  await otherTab.getByRole('button', { name: 'Mon compte', exact: true }).click();
  await otherTab.getByRole('menuitem', { name: 'Se déconnecter' }).click();

  await expect(page.getByRole('link', { name: 'Se connecter' })).toBeVisible();
  expect(messages.some((text) => text.startsWith('Signed out (signed out in another tab)'))).toBe(true);
});

// Each account screen is audited by axe in both languages at both sizes in the matrix (a11y.spec.ts).
test('the account screens in English', async ({ page, navigate, context }) => {
  await context.addCookies([{ name: 'lang', value: 'en', url: appOrigin() }]);
  const screens = [
    { path: '/auth/Login', heading: 'Sign in', shot: 'auth-login-en' },
    { path: '/auth/Signup', heading: 'Create an account', shot: 'auth-signup-en' },
    { path: '/auth/Reset', heading: 'Forgotten password', shot: 'auth-reset-en' },
    { path: '/auth/validated', heading: 'Confirm your e-mail address', shot: 'auth-validated-en' },
  ];
  for (const screen of screens) {
    await navigate(screen.path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(screen.heading);
    await keepScreenshot(page, screen.shot);
  }

  // A signed-in member's profile language wins over the cookie; here it follows the English choice.
  const email = uniqueEmail('english');
  await page.request.post('/api/auth/sign-up/email', {
    data: { name: 'Emma English', email, password: PASSWORD, locale: 'en' },
    headers: { Origin: appOrigin() },
  });
  await context.clearCookies();
  await signInAs(page, { email, password: PASSWORD });
  await navigate('/profile');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My profile');
  await expect(page.getByText('Confirm your e-mail address to be able to book.')).toBeVisible();
  await expectNoAxeViolations(page);
  await keepScreenshot(page, 'profile-en');
  await page.getByRole('button', { name: 'My account', exact: true }).click();
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  await keepScreenshot(page, 'account-menu-en', { fullPage: false });
});
