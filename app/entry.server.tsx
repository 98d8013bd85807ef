import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext, HandleErrorFunction } from 'react-router';
import { isRouteErrorResponse, ServerRouter } from 'react-router';
import { minimalErrorResponse } from './platform/crawler-errors';
import { serverTranslator } from './platform/i18n.server';
import { NonceProvider } from './platform/nonce';
import { TranslationProvider } from './platform/translation';

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const { nonce, locale } = loadContext;
  const crawler = isbot(request.headers.get('user-agent') ?? '');
  const errors = routerContext.staticHandlerContext.errors;
  if (crawler && errors) {
    return minimalErrorResponse({
      request,
      status: responseStatusCode,
      errors,
      headers: responseHeaders,
      log: loadContext.log,
    });
  }
  const translator = serverTranslator(locale);
  // Crawlers get the whole page at once; people get it streamed.
  const waitForAll = crawler || routerContext.isSpaMode;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Set once the render has started (below); the callbacks may run before that.
    const cut: { timer?: ReturnType<typeof setTimeout> } = {};
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <TranslationProvider translator={translator}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </TranslationProvider>
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? 'onAllReady' : 'onShellReady']() {
          shellRendered = true;
          const body = new PassThrough();
          // Done streaming (or the visitor left): the render is over, nothing left to abort.
          body.once('close', () => clearTimeout(cut.timer));
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(cut.timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors while streaming after the shell are reported here; before it they reach onShellError.
          if (shellRendered) loadContext.log.error('page stream failed', { error });
        },
      },
    );
    // A render still streaming after streamTimeout is cut. Cleared when it ends: the timer holds the whole
    // render (its tree, its loaders' data), and at a few hundred pages a second the 6 s of finished renders
    // it kept alive were enough to exhaust a 128 MiB heap (docs/deploy.md).
    cut.timer = setTimeout(abort, streamTimeout + 1000);
  });
}

/** Every loader, action and render error, logged with the request it belongs to (people see the error page). */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // An aborted request, or an answer such as 404 or 405, is not a fault of the app.
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  // The context is ours (server/app.ts), typed loosely by React Router for handleError.
  const log = (context as Partial<AppLoadContext> | undefined)?.log ?? { error: console.error };
  log.error('page request failed', {
    method: request.method,
    path: new URL(request.url).pathname,
    error,
  });
};
