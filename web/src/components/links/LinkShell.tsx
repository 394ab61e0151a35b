import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LoadingState } from '../ui/LoadingState';
import { Brand } from '../layout/Brand';
import { SkipLink } from '../layout/SkipLink';

/**
 * Layout of the pages a share link or file request opens: the brand and the
 * page, nothing that asks the visitor to sign in.
 */
export function LinkShell() {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <SkipLink />
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-3xl items-center px-4 sm:px-6">
          <Brand to="/" />
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto focus:outline-none w-full max-w-3xl flex-1 px-4 py-8 sm:px-6 sm:py-12">
        <Suspense fallback={<LoadingState label="Loading..." />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
