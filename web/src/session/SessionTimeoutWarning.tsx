import { useTranslation } from 'react-i18next';
import { Clock } from 'lucide-react';
import { Button } from '../components/ui/Button';
import { Dialog } from '../components/ui/Dialog';
import { formatCountdown } from '../lib/format';

export interface SessionTimeoutWarningProps {
  open: boolean;
  secondsLeft: number;
  onStayActive(): void;
  onLogout(): void;
}

/** The 'Session Timeout Warning' dialog with an m:ss countdown, Stay Active and Logout Now. */
export function SessionTimeoutWarning({ open, secondsLeft, onStayActive, onLogout }: SessionTimeoutWarningProps) {
  const { t } = useTranslation('session');
  return (
    <Dialog
      open={open}
      // Escape or a click outside means the user is back.
      onOpenChange={(next) => {
        if (!next) onStayActive();
      }}
      title={t('sessionTimeoutWarning')}
      description={t('youLlBeLoggedOut')}
      size="sm"
      hideClose
      footer={
        <>
          <Button variant="secondary" onClick={onLogout}>
            {t('logoutNow')}
          </Button>
          <Button onClick={onStayActive} autoFocus>
            {t('stayActive')}
          </Button>
        </>
      }
    >
      <div className="flex items-center gap-4 rounded-lg bg-amber-50 px-4 py-3 ring-1 ring-amber-600/20 ring-inset">
        <Clock aria-hidden="true" className="size-6 shrink-0 text-amber-700" />
        <div>
          <p className="text-sm text-amber-900">{t('loggingOutIn')}</p>
          <p role="timer" aria-label={t('timeLeftBeforeLogout')} className="text-2xl font-semibold text-amber-950 tabular-nums">
            {formatCountdown(secondsLeft)}
          </p>
        </div>
      </div>
    </Dialog>
  );
}
