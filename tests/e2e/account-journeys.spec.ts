import type { Page } from '@playwright/test';
import { appOrigin, DEMO_ACCOUNTS, DEMO_PASSWORD, signInAs } from './accounts';
import { pickAnyFreeStart } from './booking';
import { demoAccountInFrench } from './factories';
import { expect, keepScreenshot, test, untilHydrated } from './fixtures';
import { linkIn, waitForMail } from './mailbox';

/**
 * Journeys through the account screens that start or end elsewhere: signing up from a room and coming back
 * to it after the e-mail, a language chosen before signing in, and redirects that must stay on the site.
 */

const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
const PASSWORD = 'une phrase de passe solide';

test.beforeEach(async ({ context }) => {
  // The cookie choice is made already (the banner has its own tests).
  await context.addInitScript(() =>
    window.localStorage.setItem('cookie-consent-v1', JSON.stringify({ analytics: false, ads: false })),
  );
});

const uniqueEmail = (label: string) =>
  `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** The page of a demo room (the public API, as the space page reads it). */
async function roomPath(page: Page, spaceSlug: string, roomName: string): Promise<string> {
  const response = await page.request.post('/api/fn/spaces.get', {
    data: { data: { ref: spaceSlug } },
    headers: { Origin: appOrigin() },
  });
  const { result } = (await response.json()) as { result: { rooms: Array<{ id: string; name: string }> } };
  const room = result.rooms.find((candidate) => candidate.name === roomName);
  if (!room) throw new Error(`no room ${roomName} in ${spaceSlug}`);
  return `/spaces/${spaceSlug}/rooms/${room.id}`;
}

async function signUpWithForm(page: Page, name: string, email: string) {
  await page.getByLabel('Nom complet').fill(name);
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByRole('checkbox', { name: /J'accepte les conditions d'utilisation/ }).check();
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByRole('heading', { name: 'Vérifiez votre boîte mail' })).toBeVisible();
}

for (const [device, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test('a visitor signs up from the room, confirms through the e-mail link and lands back on the room', async ({
      page,
      navigate,
    }) => {
      const room = await roomPath(page, 'acme-coworking-paris', 'Salle Parmentier');
      await navigate(room);
      const booking = page.getByRole('region', { name: 'Réserver' });
      await pickAnyFreeStart(booking);
      // Both ways in, one click each.
      await expect(booking.getByRole('link', { name: 'Se connecter pour réserver' })).toBeVisible();
      const signUp = booking.getByRole('link', { name: 'Créer un compte pour réserver' });
      await expect(signUp).toBeVisible();
      // Audited by axe in the matrix (a11y.spec.ts: room-slot-chosen-signed-out).
      await keepScreenshot(page, `room-signed-out-fr-${device}`);

      await signUp.click();
      // Sign-up keeps the way back to this room with the chosen slot in its URL.
      await expect(page).toHaveURL(
        (url) =>
          url.pathname === '/auth/Signup' &&
          (url.searchParams.get('redirect') ?? '').startsWith(`${room}?date=`),
      );
      const back = new URL(page.url()).searchParams.get('redirect')!;
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Créer un compte');
      await untilHydrated(page);
      const email = uniqueEmail(`chambre-${device}`);
      const signedUpAt = Date.now();
      await signUpWithForm(page, 'Lucie Salle', email);
      await keepScreenshot(page, `auth-signup-sent-fr-${device}`);

      // The link in the real e-mail confirms, signs in and goes back to the room.
      const mail = await waitForMail(email, { since: signedUpAt });
      await navigate(linkIn(mail, '/api/auth/verify-email'));
      await expect(page).toHaveURL(`${appOrigin()}${back}`);
      await expect(page.getByRole('button', { name: 'Mon compte', exact: true })).toBeVisible();
      await expect(page.getByText('Confirmez votre adresse e-mail pour pouvoir réserver.')).toHaveCount(0);
      const bookingAgain = page.getByRole('region', { name: 'Réserver' });
      await pickAnyFreeStart(bookingAgain);
      await expect(bookingAgain.getByRole('button', { name: 'Confirmer la réservation' })).toBeEnabled();
      await expect(bookingAgain.getByRole('link', { name: 'Se connecter pour réserver' })).toHaveCount(0);
      await keepScreenshot(page, `room-after-confirmation-fr-${device}`);
    });

    test('a visitor who chose English and then signs in stays in English, and the profile says English', async ({
      page,
      navigate,
    }) => {
      const email = uniqueEmail(`english-${device}`);
      const signUp = await page.request.post('/api/auth/sign-up/email', {
        data: { name: 'Edith Anglaise', email, password: PASSWORD, locale: 'fr' },
        headers: { Origin: appOrigin() },
      });
      expect(signUp.status()).toBe(200);

      await navigate('/auth/Login');
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
      await page.getByRole('button', { name: 'English' }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
      await page.getByLabel('E-mail address').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('button', { name: 'My account', exact: true })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');

      // The choice is the profile's now (it drives e-mails and the other devices too).
      await navigate('/profile');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('My profile');
      await expect(page.getByLabel('Language of the site and e-mails')).toHaveValue('en');
      const profile = await page.request.post('/api/fn/profile.get', {
        data: { data: {} },
        headers: { Origin: appOrigin() },
      });
      expect(((await profile.json()) as { result: { locale: string } }).result.locale).toBe('en');
      await keepScreenshot(page, `profile-after-english-sign-in-${device}`);
    });
  });
}

/** Targets that a naive check takes for paths but that normalise to another host. */
const NORMALISED_AWAY = [
  '/.//evil.example',
  '/%2e//evil.example',
  '/a/..//evil.example',
  '/./%5Cevil.example',
];

test('signing in with a redirect that normalises to another host stays on the site', async ({
  page,
  navigate,
  baseURL,
}) => {
  // Signed out: the form sends the person to the home page.
  await demoAccountInFrench('member');
  await navigate(`/auth/Login?redirect=${encodeURIComponent('/.//evil.example')}`);
  await page.getByLabel('Adresse e-mail').fill(DEMO_ACCOUNTS.member);
  await page.getByLabel('Mot de passe', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('button', { name: 'Mon compte', exact: true })).toBeVisible();
  expect(page.url()).toBe(`${baseURL}/`);

  // Signed in: the sign-in page's own redirect goes to the home page too, raw or encoded.
  await signInAs(page, 'member');
  for (const target of NORMALISED_AWAY) {
    for (const written of [target, encodeURIComponent(target)]) {
      await page.goto(`/auth/Login?redirect=${written}`);
      expect(page.url(), written).toBe(`${baseURL}/`);
    }
  }
});

test('/auth/validated only says "confirmed" after a real confirmation', async ({ page, navigate }) => {
  // Signed out, without a link: what to do.
  await navigate('/auth/validated');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirmez votre adresse e-mail');
  await expect(page.getByText('Adresse confirmée')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Se connecter' })).toBeVisible();

  // Signed in, address not confirmed: not confirmed, and a new link on offer.
  const email = uniqueEmail('pas-confirme');
  await page.request.post('/api/auth/sign-up/email', {
    data: { name: 'Paul Attente', email, password: PASSWORD },
    headers: { Origin: appOrigin() },
  });
  await signInAs(page, { email, password: PASSWORD });
  await navigate('/auth/validated');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Adresse pas encore confirmée');
  const askedAt = Date.now();
  await page.getByRole('button', { name: 'Renvoyer le lien' }).click();
  await waitForMail(email, { since: askedAt });
});
