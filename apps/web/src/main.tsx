import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { earlyCallsSent, sendEarlyCalls } from './app/early-calls';
import { loadAcademyHomeCode } from './app/router';
import { setUpSession } from './app/session-setup';
import { captureChannelFromUrl } from './lib/channel';
import './styles/global.css';

// Before the router reads the URL: keep the acquisition channel and take it out of the address.
captureChannelFromUrl();
setUpSession();
// a first screen's reads go out now, not once its code has arrived, and then its code (issue 30)
sendEarlyCalls(window.location);
if (earlyCallsSent()) loadAcademyHomeCode();
// the installable app's service worker, once the page has loaded: its code is not in the first load (issue 44)
if ('serviceWorker' in navigator && !import.meta.env.DEV) {
  window.addEventListener(
    'load',
    () => void import('./app/pwa/register-service-worker').then((pwa) => pwa.registerServiceWorker()),
    { once: true },
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('Falta el elemento #root');
// The first render is a transition: React renders it in slices of a few milliseconds, yielding to
// the browser between them, instead of one long task (Total Blocking Time).
const reactRoot = createRoot(root);
startTransition(() => {
  reactRoot.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
