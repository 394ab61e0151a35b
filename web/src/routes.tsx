import { Navigate, type RouteObject } from 'react-router';
import { AnonymousOnly, RequireAdmin, RequireAuth } from './session/guards';
import { SessionRoot } from './session/SessionRoot';
import { AdaptiveShell } from './components/layout/AdaptiveShell';
import { AppShell } from './components/layout/AppShell';
import { AdminPage } from './pages/AdminPage';
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
              { path: 'sharing', element: <SharingPage /> },
              { element: <RequireAdmin />, children: [{ path: 'admin', element: <AdminPage /> }] },
            ],
          },
        ],
      },
      {
        element: <AdaptiveShell />,
        children: [
          { path: 'public', element: <PublicFilesPage /> },
          { path: 'files/:fileId', element: <FilePage /> },
          // Signed in: the folder page; anonymous: the public view of a public folder, else not found.
          { path: 'folders/:folderId', element: <FolderDetailPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
