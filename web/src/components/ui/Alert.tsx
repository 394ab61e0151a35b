import type { ReactNode } from 'react';
import { CircleAlert, CircleCheck, Eye } from 'lucide-react';
import clsx from 'clsx';

/** 'notice': something the user should know before going on, not an error. */
export type AlertTone = 'error' | 'success' | 'notice';

const STYLES: Record<AlertTone, { box: string; Icon: typeof CircleAlert }> = {
  error: { box: 'border-red-200 bg-red-50 text-red-800', Icon: CircleAlert },
  success: { box: 'border-emerald-200 bg-emerald-50 text-emerald-800', Icon: CircleCheck },
  notice: { box: 'border-amber-200 bg-amber-50 text-amber-900', Icon: Eye },
};

/** An inline message about a whole form or page; errors are announced at once. `icon` replaces the tone's own. */
export function Alert({ tone, icon, children, className }: { tone: AlertTone; icon?: typeof CircleAlert; children: ReactNode; className?: string }) {
  const { box, Icon: toneIcon } = STYLES[tone];
  const Icon = icon ?? toneIcon;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={clsx('flex items-start gap-2.5 rounded-lg border px-3.5 py-3 text-sm', box, className)}
    >
      <Icon aria-hidden="true" className="mt-px size-4 shrink-0" />
      <div className="min-w-0">{children}</div>
    </div>
  );
}
