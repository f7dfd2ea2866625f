import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoot } from './app/app-root';
import { AppProvider } from './app/provider';
import { createAppRouter } from './app/router';
import { mayBeSignedIn } from './features/auth/utils/saved-session';
import { preloadIdentity } from './lib/identity';
import { startWebVitals } from './lib/web-vitals/start-web-vitals';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

startWebVitals(window.location.pathname);
if (mayBeSignedIn()) preloadIdentity();
// Before the app renders (it waits for `/config.json`): the page's code loads meanwhile.
const router = createAppRouter();
createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <AppRoot router={router} />
    </AppProvider>
  </StrictMode>,
);
