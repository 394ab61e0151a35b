import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { useSignInPath } from '../../lib/return-to';
import { buttonClasses } from '../ui/Button';
import { Brand } from '../ui/Brand';
import { PageContainer } from './PageContainer';
import { SkipLink } from '../ui/SkipLink';

/** Layout of pages anyone may open, for visitors who are not signed in; signing in or registering comes back to the page. */
export function PublicShell() {
  const { t } = useTranslation('common');
  const signIn = useSignInPath('/login');
  const register = useSignInPath('/register');
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="border-b border-slate-200 bg-surface">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6 lg:px-8">
          <Brand to="/" />
          <div className="ml-auto flex items-center gap-2">
            <Link to={signIn} className={buttonClasses('ghost', 'sm')}>
              {t('signIn')}
            </Link>
            <Link to={register} className={buttonClasses('primary', 'sm')}>
              {t('register')}
            </Link>
          </div>
        </div>
      </header>
      <PageContainer>
        <Outlet />
      </PageContainer>
    </div>
  );
}
