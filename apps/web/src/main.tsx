import { StrictMode, startTransition } from 'react';
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
import { readPageData } from './prerender/page-data';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

startWebVitals(window.location.pathname);
if (mayBeSignedIn()) preloadIdentity();
// A signed-in page the server rendered for its user, with the data it was rendered from; or
// emptied by its own script, for a user this browser no longer holds a session for.
const pageData = container.hasAttribute('data-prerendered') ? readPageData() : undefined;
if (pageData || container.hasAttribute('data-rendered-for-another')) pageSessionUsed();
// Before the app renders (it waits for `/config.json`): the page's code loads meanwhile.
const router = createAppRouter();
const render = () =>
  createRoot(container).render(
    <StrictMode>
      <AppProvider pageData={pageData}>
        <AppRoot router={router} />
      </AppProvider>
    </StrictMode>,
  );
// A page rendered into its HTML (home and login by the build, a signed-in page by the server)
// stays as it is until the app can show it in its place: with the configuration read and the
// page's modules loaded, rather than a loader in between. What the visitor typed meanwhile moves
// into the app's own form. So does a click under way (see pressEnded). A signed-in page is
// rendered again in the background, a little at a time, from the data the server sent: it
// replaces the server's once complete, and the SDK has started before any of its calls.
if (container.hasAttribute('data-prerendered')) {
  const takeOver = () => {
    const typed = readTypedInput(container);
    container.removeAttribute('data-prerendered');
    if (pageData) {
      startTransition(render);
      return;
    }
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
