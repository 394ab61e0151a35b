import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Upload } from 'lucide-react';
import { buttonClasses, type ButtonSize } from '../ui/Button';

/** "Upload here": the upload page, aimed at this folder. */
export function UploadHereLink({ folderId, size = 'md' }: { folderId: number; size?: ButtonSize }) {
  const { t } = useTranslation('folders');
  return (
    <Link to={`/upload?folder_id=${folderId}`} className={buttonClasses('primary', size)}>
      <Upload aria-hidden="true" className="size-4" />
      {t('uploadHere')}
    </Link>
  );
}
