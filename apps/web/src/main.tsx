import { StrictMode } from 'react';
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
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
