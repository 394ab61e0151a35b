import { useTranslation } from 'react-i18next';
import { Check, Link2 } from 'lucide-react';
import { Button } from '../ui/Button';
import { useCopyLink } from '../../lib/use-copy-link';

/** Copy Link, reading 'Copied!' for 2 s after a copy. */
export function CopyLinkButton({ url, label }: { url: string; label: string }) {
  const { t } = useTranslation('sharing');
  const { copied, copy } = useCopyLink(t('copy.linkCopied'));
  return (
    <Button variant="secondary" size="sm" onClick={() => void copy(url)} aria-label={copied ? t('copy.copiedLinkTo', { label }) : t('copy.copyLinkTo', { label })}>
      {copied ? <Check aria-hidden="true" className="size-4 text-emerald-700" /> : <Link2 aria-hidden="true" className="size-4" />}
      <span aria-live="polite">{copied ? t('copy.copied') : t('copy.copyLink')}</span>
    </Button>
  );
}
