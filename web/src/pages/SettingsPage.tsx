import { useTranslation } from 'react-i18next';
import { useAccount } from '../api/account';
import { useAppConfig } from '../api/auth';
import { PasswordCard } from '../components/settings/PasswordCard';
import { ProfileCard } from '../components/settings/ProfileCard';
import { SessionsCard } from '../components/settings/SessionsCard';
import { StorageCard } from '../components/settings/StorageCard';
import { TwoFactorCard } from '../components/settings/TwoFactorCard';
import { PageHeader } from '../components/ui/PageHeader';
import { QueryState } from '../components/ui/QueryState';
import { useDocumentTitle } from '../lib/use-document-title';

/** The user's own account: profile, password, sessions, two-factor sign-in and storage. */
export function SettingsPage() {
  const { t } = useTranslation('settings');
  useDocumentTitle(t('title'));
  const account = useAccount();
  const config = useAppConfig();
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <QueryState query={account} loading={t('loadingAccount')} failed={t('failedAccount')}>
        {(a) =>
          a.must_change_password ? (
            <PasswordCard required />
          ) : (
            // One column of minmax(0, 1fr) below lg, not the implicit auto column, which widened to the longest
            // unbreakable line inside (a long file name in Storage) and made the page wider than a phone.
            <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
              <ProfileCard user={a.user} />
              <PasswordCard required={false} />
              <div className="lg:col-span-2">
                <TwoFactorCard account={a} required={Boolean(config.data?.require_2fa_for_admins && a.user.is_admin)} />
              </div>
              <div className="lg:col-span-2">
                <SessionsCard />
              </div>
              <div className="lg:col-span-2">
                <StorageCard />
              </div>
            </div>
          )
        }
      </QueryState>
    </>
  );
}
