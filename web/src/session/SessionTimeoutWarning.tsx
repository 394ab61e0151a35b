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

/** SPEC §2: 'Session Timeout Warning' with an m:ss countdown, Stay Active and Logout Now. */
export function SessionTimeoutWarning({ open, secondsLeft, onStayActive, onLogout }: SessionTimeoutWarningProps) {
  return (
    <Dialog
      open={open}
      // Escape or a click outside means the user is back.
      onOpenChange={(next) => {
        if (!next) onStayActive();
      }}
      title="Session Timeout Warning"
      description="You'll be logged out due to inactivity"
      size="sm"
      hideClose
      footer={
        <>
          <Button variant="secondary" onClick={onLogout}>
            Logout Now
          </Button>
          <Button onClick={onStayActive} autoFocus>
            Stay Active
          </Button>
        </>
      }
    >
      <div className="flex items-center gap-4 rounded-lg bg-amber-50 px-4 py-3 ring-1 ring-amber-600/20 ring-inset">
        <Clock aria-hidden="true" className="size-6 shrink-0 text-amber-600" />
        <div>
          <p className="text-sm text-amber-900">Logging out in</p>
          <p role="timer" aria-label="Time left before logout" className="text-2xl font-semibold text-amber-950 tabular-nums">
            {formatCountdown(secondsLeft)}
          </p>
        </div>
      </div>
    </Dialog>
  );
}
