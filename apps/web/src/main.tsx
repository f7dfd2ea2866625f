import { StrictMode, startTransition, useLayoutEffect } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { AppRoot } from './app/app-root';
import { AppProvider } from './app/provider';
import { createAppRouter, whenRouterReady } from './app/router';
import { pageSessionUsed } from './features/auth/api/page-session';
import { mayBeSignedIn } from './features/auth/utils/saved-session';
import { initIdentity, preloadIdentity } from './lib/identity';
import { pressEnded } from './lib/pointer-press';
import { readTypedInput, restoreTypedInput } from './lib/prerendered-fields';
import { loadRuntimeConfig } from './lib/runtime-config';
import { startWebVitals } from './lib/web-vitals/start-web-vitals';
import { pageRenderedAt, readPageData } from './prerender/page-data';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

startWebVitals(window.location.pathname);
if (mayBeSignedIn()) preloadIdentity();
// A signed-in page the server rendered for its user, with the data it was rendered from; or
// emptied by its own script, for a user this browser no longer holds a session for.
const pageData = container.hasAttribute('data-prerendered') ? readPageData() : undefined;
if (pageData) pageRenderedAt(window.location.pathname);
if (pageData || container.hasAttribute('data-rendered-for-another')) pageSessionUsed();
// Before the app renders (it waits for `/config.json`): the page's code loads meanwhile.
const router = createAppRouter();
/** Runs `shown` once the app's first render is on the page, in place of what was there. */
function Shown({ shown }: { shown: () => void }) {
  useLayoutEffect(shown, [shown]);
  return null;
}
const takenOver = () => container.removeAttribute('data-prerendered');
const render = () =>
  createRoot(container).render(
    <StrictMode>
      <AppProvider pageData={pageData}>
        <AppRoot router={router} />
      </AppProvider>
      <Shown shown={takenOver} />
    </StrictMode>,
  );
// A page rendered into its HTML (home and login by the build, a signed-in page by the server)
// stays as it is until the app can show it in its place: with the configuration read and the
// page's modules loaded, rather than a loader in between. What the visitor typed meanwhile moves
// into the app's own form. So does a click under way (see pressEnded). A signed-in page is
// rendered again in the background, a little at a time, from the data the server sent: it
// replaces the server's once complete (until then its controls take no press, see
// prerender-pages.ts), and the SDK has started before any of its calls.
if (container.hasAttribute('data-prerendered')) {
  const takeOver = () => {
    if (pageData) {
      startTransition(render);
      return;
    }
    const typed = readTypedInput(container);
    takenOver();
    flushSync(render);
    restoreTypedInput(container, typed);
  };
  Promise.all([
    loadRuntimeConfig().then((config) => {
      if (pageData) void initIdentity(config);
    }),
    whenRouterReady(router),
  ])
    .catch(() => undefined)
    .then(() => pressEnded(container))
    .then(takeOver);
} else {
  render();
}
