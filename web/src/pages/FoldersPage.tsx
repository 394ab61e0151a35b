import { TitledPage } from './TitledPage';

export function FoldersPage() {
  return <TitledPage title="Folders" />;
}
