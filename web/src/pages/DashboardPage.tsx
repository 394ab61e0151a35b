import { useCurrentUser } from '../session/context';
import { Badge } from '../components/ui/Badge';
import { PageHeader } from '../components/ui/PageHeader';
import { useDocumentTitle } from '../lib/use-document-title';

const SUBTITLE = {
  admin: 'Administrative dashboard - View and manage all files across the system',
  user: 'Manage your files and storage with advanced deduplication',
} as const;

export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const user = useCurrentUser();
  return (
    <PageHeader
      title={`Welcome back, ${user.username}`}
      titleAddon={user.is_admin && <Badge tone="accent">ADMIN</Badge>}
      description={user.is_admin ? SUBTITLE.admin : SUBTITLE.user}
    />
  );
}
