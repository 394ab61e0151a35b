import { useTranslation } from 'react-i18next';
import { Copy, Download } from 'lucide-react';
import { saveTextFile } from '../../lib/download';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { copyLink } from '../../lib/use-copy-link';

const CODES_FILE = 'vault-recovery-codes.txt';

/** Recovery codes, shown this once: each signs in once when the authenticator is out of reach. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const { t } = useTranslation('settings');
  // One code a line, as they are typed back at sign-in.
  const text = codes.join('\n');
  return (
    <div className="space-y-4">
      <Alert tone="success">{t('codes.intro')}</Alert>
      <ul aria-label={t('codes.list')} className="grid grid-cols-2 gap-2 rounded-lg bg-slate-50 p-4 font-mono text-sm text-slate-900 sm:grid-cols-5">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={() => void copyLink(text, t('codes.copied'), t('codes.copyFailed'))}>
          <Copy aria-hidden="true" className="size-4" />
          {t('codes.copy')}
        </Button>
        <Button variant="secondary" onClick={() => saveTextFile(CODES_FILE, `${text}\n`)}>
          <Download aria-hidden="true" className="size-4" />
          {t('codes.download')}
        </Button>
        <Button onClick={onDone}>{t('codes.saved')}</Button>
      </div>
    </div>
  );
}
