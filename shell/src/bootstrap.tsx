import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initRemotes } from './federation/remotes.ts';

// The registry must be known before the router resolves the first route (it may need a remote).
await initRemotes();
const { App } = await import('./app/App.tsx');
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
