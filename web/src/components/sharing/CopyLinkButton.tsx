import { Check, Link2 } from 'lucide-react';
import { Button } from '../ui/Button';
import { useCopyLink } from './use-copy-link';

/** Copy Link, reading 'Copied!' for 2 s after a copy (SPEC §4). */
export function CopyLinkButton({ url, label }: { url: string; label: string }) {
  const { copied, copy } = useCopyLink('Link copied to clipboard!');
  return (
    <Button variant="secondary" size="sm" onClick={() => void copy(url)} aria-label={copied ? `Copied link to ${label}` : `Copy link to ${label}`}>
      {copied ? <Check aria-hidden="true" className="size-4 text-emerald-600" /> : <Link2 aria-hidden="true" className="size-4" />}
      <span aria-live="polite">{copied ? 'Copied!' : 'Copy Link'}</span>
    </Button>
  );
}
