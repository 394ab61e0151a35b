import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClient } from '@tanstack/react-query';
import type { User } from '@vault/contract';
import { AppProviders } from '../AppProviders';
import { routes } from '../routes';
import { saveSession } from '../session-state/storage';
import { futureToken } from './tokens';

/** Renders the whole app (real routes, guards and providers) at a path. */
export function renderApp(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}

/** Stores a valid-looking session, as a previous sign-in would have. */
export function storeSession(user: User): string {
  const token = futureToken();
  saveSession({ token, user });
  return token;
}
