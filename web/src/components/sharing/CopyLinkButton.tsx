import { useEffect, useState } from 'react';
import { Check, Link2 } from 'lucide-react';
import { toast } from 'sonner';
import { SESSION } from '@vault/contract';
import { copyText } from '../../lib/clipboard';
import { Button } from '../ui/Button';

/** Copy Link, reading 'Copied!' for 2 s after a copy (SPEC §4). */
export function CopyLinkButton({ url, label }: { url: string; label: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), SESSION.copiedResetMs);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await copyText(url);
      setCopied(true);
      toast.success('Link copied to clipboard!');
    } catch {
      toast.error('Failed to copy link');
    }
  };

  return (
    <Button variant="secondary" size="sm" onClick={() => void copy()} aria-label={copied ? `Copied link to ${label}` : `Copy link to ${label}`}>
      {copied ? <Check aria-hidden="true" className="size-4 text-emerald-600" /> : <Link2 aria-hidden="true" className="size-4" />}
      <span aria-live="polite">{copied ? 'Copied!' : 'Copy Link'}</span>
    </Button>
  );
}
