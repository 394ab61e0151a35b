import { lazy, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { AnonymousOnly, RequireAdmin, RequireAuth } from './session/guards';
import { SessionRoot } from './session/SessionRoot';
import { AdaptiveShell } from './components/layout/AdaptiveShell';
import { AppShell } from './components/layout/AppShell';
import { DashboardPage } from './pages/DashboardPage';
import { FilePage } from './pages/FilePage';
import { FolderDetailPage } from './pages/FolderDetailPage';
import { FoldersPage } from './pages/FoldersPage';
import { LoginPage } from './pages/LoginPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { PublicFilesPage } from './pages/PublicFilesPage';
import { RegisterPage } from './pages/RegisterPage';
import { RouteErrorPage } from './pages/RouteErrorPage';
import { SharingPage } from './pages/SharingPage';
import { UploadPage } from './pages/UploadPage';
import { LoadingBlock } from './components/ui/LoadingBlock';

// Its charts (recharts) are large: the admin panel is fetched only when an admin opens it.
const AdminPage = lazy(() => import('./pages/AdminPage').then((m) => ({ default: m.AdminPage })));

/** SPEC §2 routes with their access rules. */
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
              { path: 'dashboard', element: <DashboardPage /> },
              { path: 'upload', element: <UploadPage /> },
              { path: 'folders', element: <FoldersPage /> },
              { path: 'folders/:folderId', element: <FolderDetailPage /> },
              { path: 'sharing', element: <SharingPage /> },
              { element: <RequireAdmin />, children: [
                  {
                    path: 'admin',
                    element: (
                      <Suspense fallback={<LoadingBlock label="Loading the admin panel..." />}>
                        <AdminPage />
                      </Suspense>
                    ),
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        element: <AdaptiveShell />,
        children: [
          { path: 'public', element: <PublicFilesPage /> },
          { path: 'files/:fileId', element: <FilePage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
