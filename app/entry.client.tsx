import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { HydratedRouter } from 'react-router/dom';
import { ACCOUNT_MENU_MARK, loadAccountDropdown } from './features/auth/account-menu';
import { browserI18n } from './platform/i18n-browser';
import { NonceProvider } from './platform/nonce';

const i18n = browserI18n();

// A page rendered for a signed-in person shows their account menu, whose code is split from the shell
// (app/features/auth/account-menu.tsx): load it first, so the page hydrates as the server rendered it.
const signedIn = document.querySelector(`[${ACCOUNT_MENU_MARK}]`) !== null;
void (signedIn ? loadAccountDropdown() : Promise.resolve()).finally(hydrate);

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        {/* Browsers hide a nonce from the DOM (it reads as ""), so the client renders "" to match. */}
        <NonceProvider value="">
          <I18nextProvider i18n={i18n}>
            <HydratedRouter />
          </I18nextProvider>
        </NonceProvider>
      </StrictMode>,
    );
  });
}
