import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, Copy, QrCode } from 'lucide-react';
import { linkUrl } from '../../api/links';
import { Button } from '../ui/Button';
import { Input } from '../ui/Input';
import { Spinner } from '../ui/Spinner';
import { useCopyLink } from '../../lib/use-copy-link';

const QrImage = lazy(async () => ({ default: (await import('./QrImage')).QrImage }));

/** A link's full address: copy it, or show it as a QR code to scan with a phone. */
export function LinkAddress({ path, label }: { path: string; label: string }) {
  const { t } = useTranslation('links');
  const url = linkUrl(path);
  const { copied, copy } = useCopyLink(t('linkCopied'));
  const [showQr, setShowQr] = useState(false);
  return (
    <div>
      <div className="flex gap-2">
        <Input aria-label={label} readOnly value={url} onFocus={(e) => e.currentTarget.select()} className="font-mono text-xs" />
        <Button variant="secondary" size="sm" className="h-10 shrink-0" onClick={() => void copy(url)}>
          {copied ? <Check aria-hidden="true" className="size-4 text-emerald-600" /> : <Copy aria-hidden="true" className="size-4" />}
          {copied ? t('copied') : t('copy')}
        </Button>
        <Button variant="secondary" size="sm" className="h-10 shrink-0" aria-pressed={showQr} aria-label={t('qrCode')} onClick={() => setShowQr(!showQr)}>
          <QrCode aria-hidden="true" className="size-4" />
        </Button>
      </div>
      {/* Dark modules on white in either theme: scanners read nothing else reliably. */}
      {showQr && (
        <div className="mt-3 flex justify-center rounded-lg border border-slate-200 bg-white p-4">
          <Suspense fallback={<Spinner className="size-6 text-accent-600" />}>
            <QrImage url={url} label={t('qrCodeOf', { url })} />
          </Suspense>
        </div>
      )}
    </div>
  );
}
