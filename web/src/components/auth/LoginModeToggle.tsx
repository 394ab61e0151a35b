import { useTranslation } from 'react-i18next';
import { ShieldCheck, User } from 'lucide-react';
import type { LoginMode } from '@vault/contract';
import clsx from 'clsx';

const OPTIONS = [
  { mode: 'user', label: 'mode.user', icon: User },
  { mode: 'admin', label: 'mode.admin', icon: ShieldCheck },
] as const satisfies readonly { mode: LoginMode; label: string; icon: typeof User }[];

/** The User Login / Admin Login switch. */
export function LoginModeToggle({ mode, onChange }: { mode: LoginMode; onChange(mode: LoginMode): void }) {
  const { t } = useTranslation('auth');
  return (
    <div role="group" aria-label={t('loginType')} className="mb-7 grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1">
      {OPTIONS.map(({ mode: option, label, icon: Icon }) => {
        const selected = option === mode;
        return (
          <button
            key={option}
            type="button"
            aria-pressed={selected}
            onClick={() => onChange(option)}
            className={clsx(
              'flex items-center justify-center gap-2 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
              'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent-600',
              selected ? 'bg-surface text-slate-900 shadow-sm ring-1 ring-slate-200' : 'text-slate-600 hover:text-slate-900',
            )}
          >
            <Icon aria-hidden="true" className={clsx('size-4', selected && 'text-accent-700')} />
            {t(label)}
          </button>
        );
      })}
    </div>
  );
}
