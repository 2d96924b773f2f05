import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import './index.css';
import { I18nProvider } from './lib/i18n';
import { BackOffice } from './app/shell';

/** The back office at /admin/ (vite base; the API serves index.html for every /admin/* page). */
const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 5_000, retry: 1 } } });
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter basename="/admin">
      <I18nProvider>
        <QueryClientProvider client={queryClient}>
          <BackOffice />
        </QueryClientProvider>
      </I18nProvider>
    </BrowserRouter>
  </StrictMode>,
);
