import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { setUpSession } from './app/session-setup';
import { captureChannelFromUrl } from './lib/channel';
import './styles/global.css';

// Before the router reads the URL: keep the acquisition channel and take it out of the address.
captureChannelFromUrl();
setUpSession();

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
