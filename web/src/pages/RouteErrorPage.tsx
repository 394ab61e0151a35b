import { TriangleAlert } from 'lucide-react';
import { Button } from '../components/ui/Button';
import { EmptyState } from '../components/ui/EmptyState';

/** Last resort when a screen throws while rendering or loading. */
export function RouteErrorPage() {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-slate-50 px-4">
      <EmptyState
        icon={TriangleAlert}
        title="Something went wrong"
        description="This screen could not be shown. Reloading the page usually helps."
        action={<Button onClick={() => window.location.reload()}>Reload</Button>}
      />
    </div>
  );
}
