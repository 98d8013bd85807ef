import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { ACCOUNT_MENU_MARK, loadAccountDropdown } from './features/auth/account-menu';
import { browserTranslator, BrowserTranslation } from './platform/i18n-browser';
import { NonceProvider } from './platform/nonce';

browserTranslator();

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
          <BrowserTranslation>
            <HydratedRouter />
          </BrowserTranslation>
        </NonceProvider>
      </StrictMode>,
    );
  });
}
