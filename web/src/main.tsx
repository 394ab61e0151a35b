import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient } from './api/query-client';
import { AppProviders } from './AppProviders';
import { routes } from './routes';
import './lib/i18n-formats';
import { applyThemePreference, readThemePreference } from './theme/preference';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

applyThemePreference(readThemePreference());

const router = createBrowserRouter(routes);

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
