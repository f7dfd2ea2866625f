import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoot } from './app/app-root';
import { AppProvider } from './app/provider';
import { createAppRouter, whenRouterReady } from './app/router';
import { mayBeSignedIn } from './features/auth/utils/saved-session';
import { preloadIdentity } from './lib/identity';
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
// A page the build rendered into its HTML (the home page) stays as it is until the app can show
// it in its place: with the configuration read and the page's modules loaded, rather than a
// loader in between.
if (container.hasChildNodes()) {
  Promise.all([loadRuntimeConfig(), whenRouterReady(router)]).then(render, render);
} else {
  render();
}
