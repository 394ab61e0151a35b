import { TitledPage } from './TitledPage';

export function SharingPage() {
  return <TitledPage title="Sharing Management" />;
}
