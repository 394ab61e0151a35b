import { TitledPage } from './TitledPage';

export function AdminPage() {
  return <TitledPage title="Admin Panel" />;
}
