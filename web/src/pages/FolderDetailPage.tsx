import { TitledPage } from './TitledPage';

export function FolderDetailPage() {
  return <TitledPage title="Folder" />;
}
