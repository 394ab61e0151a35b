import { lazy, type ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { AnonymousOnly, RequireAdmin, RequireAuth } from './session/guards';
import { SessionRoot } from './session/SessionRoot';
import { AdaptiveShell } from './components/layout/AdaptiveShell';
import { AppShell } from './components/layout/AppShell';
import { LinkShell } from './components/links/LinkShell';
import { LoginPage } from './pages/LoginPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { RegisterPage } from './pages/RegisterPage';
import { RouteErrorPage } from './pages/RouteErrorPage';

/** Signed-in and file pages load on first visit, so the first screen (often /login) stays small. */
function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  const Page = lazy(async (): Promise<{ default: ComponentType }> => ({ default: (await load())[name] }));
  return <Page />;
}

/** The app's routes with their access rules: public, signed-in only, guests only, administrators only. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <SessionRoot />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <Navigate to="/dashboard" replace /> },
      {
        element: <AnonymousOnly />,
        children: [
          { path: 'login', element: <LoginPage /> },
          { path: 'register', element: <RegisterPage /> },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppShell />,
            children: [
              { path: 'dashboard', element: lazyPage(() => import('./pages/DashboardPage'), 'DashboardPage') },
              { path: 'upload', element: lazyPage(() => import('./pages/UploadPage'), 'UploadPage') },
              { path: 'folders', element: lazyPage(() => import('./pages/FoldersPage'), 'FoldersPage') },
              { path: 'starred', element: lazyPage(() => import('./pages/StarredPage'), 'StarredPage') },
              { path: 'sharing', element: lazyPage(() => import('./pages/SharingPage'), 'SharingPage') },
              { path: 'trash', element: lazyPage(() => import('./pages/TrashPage'), 'TrashPage') },
              { path: 'settings', element: lazyPage(() => import('./pages/SettingsPage'), 'SettingsPage') },
              { element: <RequireAdmin />, children: [{ path: 'admin', element: lazyPage(() => import('./pages/AdminPage'), 'AdminPage') }] },
            ],
          },
        ],
      },
      {
        // Share links and file requests: for anyone with the link, signed in or not.
        element: <LinkShell />,
        children: [
          { path: 's/:token', element: lazyPage(() => import('./pages/ShareLinkPage'), 'ShareLinkPage') },
          { path: 'r/:token', element: lazyPage(() => import('./pages/FileRequestPage'), 'FileRequestPage') },
        ],
      },
      {
        element: <AdaptiveShell />,
        children: [
          { path: 'public', element: lazyPage(() => import('./pages/PublicFilesPage'), 'PublicFilesPage') },
          { path: 'files/:fileId', element: lazyPage(() => import('./pages/FilePage'), 'FilePage') },
          // Signed in: the folder page; anonymous: the public view of a public folder, else not found.
          { path: 'folders/:folderId', element: lazyPage(() => import('./pages/FolderDetailPage'), 'FolderDetailPage') },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
