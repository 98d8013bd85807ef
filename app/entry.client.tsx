import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { browserTranslator, BrowserTranslation } from './platform/i18n-browser';
import { NonceProvider } from './platform/nonce';

browserTranslator();

// The account menu's code loads when the person reaches for it (app/features/auth/account-menu.tsx).
hydrate();

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
