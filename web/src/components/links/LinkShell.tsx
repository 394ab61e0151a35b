import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Brand } from '../ui/Brand';
import { SkipLink } from '../ui/SkipLink';
import { LoadingState } from '../ui/LoadingState';

/**
 * Layout of the pages a share link or file request opens: the brand and the
 * page, nothing that asks the visitor to sign in.
 */
export function LinkShell() {
  const { t } = useTranslation('links');
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <SkipLink />
      <header className="border-b border-slate-200 bg-surface">
        <div className="mx-auto flex h-16 max-w-3xl items-center px-4 sm:px-6">
          <Brand to="/" />
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 focus:outline-none sm:px-6 sm:py-12">
        <Suspense fallback={<LoadingState label={t('page.loading')} />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
