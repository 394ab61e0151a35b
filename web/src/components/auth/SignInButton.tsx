import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LogIn } from 'lucide-react';
import { useSignInPath } from '../../lib/return-to';
import { buttonClasses } from '../ui/Button';

/** "Sign in" on a page a visitor may not see: signing in comes back to this page. */
export function SignInButton() {
  const { t } = useTranslation('common');
  return (
    <Link to={useSignInPath()} className={buttonClasses('primary')}>
      <LogIn aria-hidden="true" className="size-4" />
      {t('signIn')}
    </Link>
  );
}
