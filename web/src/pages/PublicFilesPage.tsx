import { TitledPage } from './TitledPage';

export function PublicFilesPage() {
  return <TitledPage title="Public Files" />;
}
