import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, signInAs } from './accounts';
import { demoAccountInFrench } from './factories';
import { expect, test } from './fixtures';

test.beforeEach(async ({ page }) => {
  // The form below signs the demo member in as the profile says: in French, whatever a test before left.
  await demoAccountInFrench('member');
  await page.addInitScript(() =>
    localStorage.setItem('cookie-consent-v1', '{"analytics":false,"ads":false}'),
  );
  // Any script the page would run from a refused target shows up as a dialog: none may open.
  page.on('dialog', (dialog) => {
    throw new Error(`a dialog opened: ${dialog.message()}`);
  });
});

async function signInWithForm(page: Page) {
  await page.getByLabel('Adresse e-mail').fill(DEMO_ACCOUNTS.member);
  await page.getByLabel('Mot de passe', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

test('a guarded route sends a signed-out visitor to sign in, keeping its query, and back after', async ({
  page,
  navigate,
}) => {
  await navigate('/profile?email=confirmed');
  await expect(page).toHaveURL(/\/auth\/Login\?redirect=%2Fprofile%3Femail%3Dconfirmed$/);
  await signInWithForm(page);
  await expect(page).toHaveURL(/\/profile\?email=confirmed$/);
});

test('the lowercase login path lands on /auth/Login with its redirect, and back after', async ({
  page,
  navigate,
}) => {
  await navigate('/auth/login?redirect=%2Fprofile');
  await expect(page).toHaveURL(/\/auth\/Login\?redirect=%2Fprofile$/);
  await signInWithForm(page);
  await expect(page).toHaveURL(/\/profile$/);
});

test('signing in with a dangerous redirect lands on the home page, no script runs', async ({
  page,
  navigate,
}) => {
  await navigate('/auth/Login?redirect=javascript:alert(1)');
  await signInWithForm(page);
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Trouvez et réservez votre espace de travail, près de chez vous',
  );
});

/** Refused targets, as they would arrive in a crafted link (query-encoded where a URL needs it). */
const REFUSED = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  '%00javascript:alert(1)',
  'java%09script:alert(1)',
  'javascript%26colon;alert(1)',
  '%26%23106;avascript:alert(1)',
  '%256Aavascript:alert(1)',
  'data:text/html,%3Cscript%3Ealert(1)%3C/script%3E',
  'vbscript:msgbox(1)',
  '//evil.example/profile',
  '/%5Cevil.example',
  'https://evil.example/profile',
  'https://evil.example%40localhost/',
];

test('a signed-in visitor is never sent to a refused redirect target', async ({ page, baseURL }) => {
  await signInAs(page, 'member');
  for (const target of REFUSED) {
    await page.goto(`/auth/Login?redirect=${target}`);
    expect(page.url(), target).toBe(`${baseURL}/`);
  }
  // A target of this site is followed.
  await page.goto('/auth/Login?redirect=%2Fprofile');
  expect(new URL(page.url()).pathname).toBe('/profile');
});
