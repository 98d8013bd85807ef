import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { HydratedRouter } from 'react-router/dom';
import { browserI18n } from './platform/i18n-browser';
import { NonceProvider } from './platform/nonce';

const i18n = browserI18n();

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
