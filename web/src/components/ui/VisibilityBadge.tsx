import { Globe, Lock } from 'lucide-react';
import { Badge } from './Badge';

/** Public or Private, for a file or a folder. */
export function VisibilityBadge({ isPublic }: { isPublic: boolean }) {
  return isPublic ? (
    <Badge tone="success">
      <Globe aria-hidden="true" className="size-3" />
      Public
    </Badge>
  ) : (
    <Badge>
      <Lock aria-hidden="true" className="size-3" />
      Private
    </Badge>
  );
}
