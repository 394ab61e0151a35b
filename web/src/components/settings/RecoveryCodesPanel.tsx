import { Copy } from 'lucide-react';
import { toast } from 'sonner';
import { copyText } from '../../lib/clipboard';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';

/** Recovery codes, shown this once: each signs in once when the authenticator is out of reach. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const copy = async () => {
    try {
      await copyText(codes.join('\n'));
      toast.success('Recovery codes copied');
    } catch {
      toast.error('Could not copy; select the codes and copy them by hand');
    }
  };
  return (
    <div className="space-y-4">
      <Alert tone="success">
        Save these recovery codes somewhere safe. Each one signs you in once if you lose your authenticator. They are not shown again.
      </Alert>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 rounded-lg bg-slate-50 p-4 font-mono text-sm text-slate-900 sm:grid-cols-5">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={() => void copy()}>
          <Copy aria-hidden="true" className="size-4" />
          Copy codes
        </Button>
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </div>
  );
}
