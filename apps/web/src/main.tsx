import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './app/provider.tsx';
import { createRouter } from './app/router.tsx';
import './index.css';
import './lib/i18n.ts';
import { applyTheme, readStoredSiteSettings } from './lib/site-settings.ts';

// Paint with the operator's colours from the last visit before the settings call answers.
const stored = readStoredSiteSettings();
if (stored) applyTheme(stored.theme);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={createRouter()} />
    </AppProvider>
  </StrictMode>,
);
