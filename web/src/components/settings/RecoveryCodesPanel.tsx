import { useTranslation } from 'react-i18next';
import { Copy } from 'lucide-react';
import { toast } from 'sonner';
import { copyText } from '../../lib/clipboard';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';

/** Recovery codes, shown this once: each signs in once when the authenticator is out of reach. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const { t } = useTranslation('settings');
  const copy = async () => {
    try {
      await copyText(codes.join('\n'));
      toast.success(t('codes.copied'));
    } catch {
      toast.error(t('codes.copyFailed'));
    }
  };
  return (
    <div className="space-y-4">
      <Alert tone="success">
        {t('codes.intro')}
      </Alert>
      <ul aria-label={t('codes.list')} className="grid grid-cols-2 gap-2 rounded-lg bg-slate-50 p-4 font-mono text-sm text-slate-900 sm:grid-cols-5">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={() => void copy()}>
          <Copy aria-hidden="true" className="size-4" />
          {t('codes.copy')}
        </Button>
        <Button onClick={onDone}>{t('codes.saved')}</Button>
      </div>
    </div>
  );
}
