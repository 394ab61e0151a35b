import { TitledPage } from './TitledPage';

export function FilePage() {
  return <TitledPage title="File" />;
}
