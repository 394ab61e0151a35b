import { lazy, Suspense, useState } from 'react';
import { Check, Copy, QrCode } from 'lucide-react';
import { linkUrl } from '../../api/links';
import { Button } from '../ui/Button';
import { Input } from '../ui/Input';
import { useCopyLink } from '../sharing/use-copy-link';
import { Spinner } from '../ui/Spinner';

const QrImage = lazy(async () => ({ default: (await import('./QrImage')).QrImage }));

/** A link's full address: copy it, or show it as a QR code to scan with a phone. */
export function LinkAddress({ path, label }: { path: string; label: string }) {
  const url = linkUrl(path);
  const { copied, copy } = useCopyLink('Link copied to clipboard!');
  const [showQr, setShowQr] = useState(false);
  return (
    <div>
      <div className="flex gap-2">
        <Input aria-label={label} readOnly value={url} onFocus={(e) => e.currentTarget.select()} className="font-mono text-xs" />
        <Button variant="secondary" size="sm" className="h-10 shrink-0" onClick={() => void copy(url)}>
          {copied ? <Check aria-hidden="true" className="size-4 text-emerald-600" /> : <Copy aria-hidden="true" className="size-4" />}
          {copied ? 'Copied!' : 'Copy'}
        </Button>
        <Button variant="secondary" size="sm" className="h-10 shrink-0" aria-pressed={showQr} aria-label="QR code" onClick={() => setShowQr(!showQr)}>
          <QrCode aria-hidden="true" className="size-4" />
        </Button>
      </div>
      {showQr && (
        <div className="mt-3 flex justify-center rounded-lg border border-slate-200 bg-white p-4">
          <Suspense fallback={<Spinner className="size-6 text-accent-600" />}>
            <QrImage url={url} />
          </Suspense>
        </div>
      )}
    </div>
  );
}
