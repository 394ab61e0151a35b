import { useTranslation } from 'react-i18next';
import { Check, Copy } from 'lucide-react';
import { linkUrl } from '../../api/links';
import { Button } from '../ui/Button';
import { useCopyLink } from '../../lib/use-copy-link';

/** Copies a link's full address; reads "Copied!" for 2 s. Named in words on a phone too: a sharing row's actions have a line of their own there. */
export function CopyAddressButton({ path }: { path: string }) {
  const { t } = useTranslation('links');
  const { copied, copy } = useCopyLink(t('linkCopied'));
  const text = copied ? t('copied') : t('copyLink');
  return (
    <Button variant="secondary" size="sm" onClick={() => void copy(linkUrl(path))}>
      {copied ? <Check aria-hidden="true" className="size-4 text-emerald-600" /> : <Copy aria-hidden="true" className="size-4" />}
      {text}
    </Button>
  );
}
