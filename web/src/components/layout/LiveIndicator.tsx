import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { useRealtime } from '../../realtime/context';

/** The real-time link's state: a green dot while updates arrive live, grey while offline. */
export function LiveIndicator() {
  const { t } = useTranslation('common');
  const { isConnected } = useRealtime();
  const label = isConnected ? t('live.connected') : t('live.offline');
  return (
    <span
      role="status"
      aria-label={label}
      title={label}
      className={clsx('inline-flex items-center gap-1.5 rounded-full px-2 py-1 text-xs font-medium', isConnected ? 'text-emerald-700' : 'text-slate-500')}
    >
      <span
        aria-hidden="true"
        className={clsx('size-2 rounded-full ring-4', isConnected ? 'bg-emerald-500 ring-emerald-100' : 'bg-slate-400 ring-slate-200')}
      />
      {/* Where the navigation bar's links first appear in a row (1024 px), its word gives them the room. */}
      <span aria-hidden="true" className="hidden sm:inline lg:hidden xl:inline">
        {isConnected ? t('live.live') : t('live.offlineShort')}
      </span>
    </span>
  );
}
