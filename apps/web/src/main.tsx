import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from './lib/i18n.ts';
import { App } from './app/app.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

void i18nReady.then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
