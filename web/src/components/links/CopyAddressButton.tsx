import { Check, Copy } from 'lucide-react';
import { linkUrl } from '../../api/links';
import { Button } from '../ui/Button';
import { useCopyLink } from '../sharing/use-copy-link';

/** Copies a link's full address; reads "Copied!" for 2 s. */
export function CopyAddressButton({ path }: { path: string }) {
  const { copied, copy } = useCopyLink('Link copied to clipboard!');
  return (
    <Button variant="secondary" size="sm" aria-label={copied ? 'Copied!' : 'Copy Link'} onClick={() => void copy(linkUrl(path))}>
      {copied ? <Check aria-hidden="true" className="size-4 text-emerald-600" /> : <Copy aria-hidden="true" className="size-4" />}
      <span className="hidden sm:inline">{copied ? 'Copied!' : 'Copy Link'}</span>
    </Button>
  );
}
