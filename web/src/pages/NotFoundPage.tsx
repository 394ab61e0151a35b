import { Link } from 'react-router';
import { FileQuestion } from 'lucide-react';
import { buttonClasses } from '../components/ui/Button';
import { EmptyState } from '../components/ui/EmptyState';
import { useDocumentTitle } from '../lib/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <EmptyState
      icon={FileQuestion}
      title="Page not found"
      description="The page you are looking for does not exist or has moved."
      action={
        <Link to="/" className={buttonClasses('primary')}>
          Go to the dashboard
        </Link>
      }
    />
  );
}
