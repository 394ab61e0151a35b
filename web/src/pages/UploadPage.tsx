import { TitledPage } from './TitledPage';

export function UploadPage() {
  return <TitledPage title="Upload Files" />;
}
