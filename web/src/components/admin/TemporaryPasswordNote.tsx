import { useTranslation } from 'react-i18next';
import { Alert } from '../ui/Alert';

/** A temporary password the server returned this once, for the admin to pass on. */
export function TemporaryPasswordNote({ username, password }: { username: string; password: string }) {
  const { t } = useTranslation('settings');
  return (
    <Alert tone="success">
      {t('admin.temporaryPassword', { username })}{' '}
      <code data-testid="temporary-password" className="font-mono font-semibold select-all">
        {password}
      </code>
    </Alert>
  );
}
