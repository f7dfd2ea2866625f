import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { AppRoot } from './app/app-root';
import { AppProvider } from './app/provider';
import { createAppRouter, whenRouterReady } from './app/router';
import { mayBeSignedIn } from './features/auth/utils/saved-session';
import { preloadIdentity } from './lib/identity';
import { pressEnded } from './lib/pointer-press';
import { readTypedInput, restoreTypedInput } from './lib/prerendered-fields';
import { loadRuntimeConfig } from './lib/runtime-config';
import { startWebVitals } from './lib/web-vitals/start-web-vitals';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

startWebVitals(window.location.pathname);
if (mayBeSignedIn()) preloadIdentity();
// Before the app renders (it waits for `/config.json`): the page's code loads meanwhile.
const router = createAppRouter();
const render = () =>
  createRoot(container).render(
    <StrictMode>
      <AppProvider>
        <AppRoot router={router} />
      </AppProvider>
    </StrictMode>,
  );
// A page the build rendered into its HTML (home, login) stays as it is until the app can show
// it in its place: with the configuration read and the page's modules loaded, rather than a
// loader in between. What the visitor typed meanwhile moves into the app's own form.
// So does a click under way (see pressEnded).
if (container.hasAttribute('data-prerendered')) {
  const takeOver = () => {
    const typed = readTypedInput(container);
    container.removeAttribute('data-prerendered');
    flushSync(render);
    restoreTypedInput(container, typed);
  };
  Promise.all([loadRuntimeConfig(), whenRouterReady(router)])
    .catch(() => undefined)
    .then(() => pressEnded(container))
    .then(takeOver);
} else {
  render();
}
