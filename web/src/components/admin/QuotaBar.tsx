import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { MIB } from '../../lib/bytes';
import { formatFileSize, formatPercent } from '../../lib/format';

/** Storage used against the quota: a bar that turns amber past 75 % and red past 90 %. */
export function QuotaBar({ usedBytes, quotaMb, label }: { usedBytes: number; quotaMb: number; label: string }) {
  const { t } = useTranslation('admin');
  const quotaBytes = quotaMb * MIB;
  const percent = quotaBytes > 0 ? (usedBytes / quotaBytes) * 100 : 0;
  const tone = percent >= 90 ? 'bg-red-500' : percent >= 75 ? 'bg-amber-500' : 'bg-accent-600';
  return (
    <div className="min-w-36">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium text-slate-800 tabular-nums">{formatFileSize(usedBytes)}</span>
        <span className="text-xs text-slate-500 tabular-nums">{t('quota.of', { quota: formatFileSize(quotaBytes) })}</span>
      </div>
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(Math.min(percent, 100))}
        aria-valuetext={t('quota.valueText', { percent: formatPercent(percent), quota: formatFileSize(quotaBytes) })}
        className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-slate-100"
      >
        <div className={clsx('h-full rounded-full', tone)} style={{ width: `${Math.min(percent, 100)}%` }} />
      </div>
    </div>
  );
}
