import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileArchive } from 'lucide-react';
import { toast } from 'sonner';
import type { ZipSelection } from '@vault/contract';
import { errorMessage } from '../../api/client';
import { downloadZip } from '../../api/links';
import { Button } from '../ui/Button';

/** Downloads files and folders as one zip, streamed by the server straight to disk; a failure is a toast. */
export function useZipDownload(selection: ZipSelection) {
  const { t } = useTranslation('links');
  const [pending, setPending] = useState(false);
  const start = async () => {
    setPending(true);
    try {
      await downloadZip(selection);
    } catch (error) {
      toast.error(errorMessage(error, t('toast.zipFailed')));
    } finally {
      setPending(false);
    }
  };
  return { pending, start, label: t('zip') };
}

export function DownloadZipButton({ selection }: { selection: ZipSelection }) {
  const zip = useZipDownload(selection);
  return (
    <Button variant="secondary" size="sm" loading={zip.pending} onClick={() => void zip.start()}>
      <FileArchive aria-hidden="true" className="size-4" />
      {zip.label}
    </Button>
  );
}
