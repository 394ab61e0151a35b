import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccountStorage } from '../../api/account';
import { formatFileSize, formatPercent } from '../../lib/format';
import { Card, CardContent, CardHeader } from '../ui/Card';
import { ProgressBar } from '../ui/ProgressBar';
import { QueryState } from '../ui/QueryState';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg bg-slate-50 px-3 py-2.5">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

/** Quota, use, what deduplication saved, and the largest files with a link to all of them by size. */
export function StorageCard() {
  const { t } = useTranslation('settings');
  const storage = useAccountStorage();
  return (
    <Card>
      <CardHeader title={t('storage.title')} description={t('storage.description')} />
      <QueryState query={storage} loading={t('storage.loading')} failed={t('storage.failed')}>
        {(s) => {
          const percent = s.quota_bytes > 0 ? (s.used_bytes / s.quota_bytes) * 100 : 0;
          return (
            <CardContent className="space-y-4">
              <ProgressBar
                value={percent}
                tone={percent >= 90 ? 'danger' : percent >= 75 ? 'warning' : 'accent'}
                label={t('storage.bar')}
                valueText={t('storage.barValue', { used: formatFileSize(s.used_bytes), quota: formatFileSize(s.quota_bytes) })}
              />
              <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
                <Figure label={t('storage.used')} value={`${formatFileSize(s.used_bytes)} (${formatPercent(percent)})`} />
                <Figure label={t('storage.quota')} value={formatFileSize(s.quota_bytes)} />
                <Figure label={t('storage.saved')} value={formatFileSize(s.savings_bytes)} />
                <Figure label={t('storage.files')} value={t('storage.fileCount', { count: s.total_files })} />
              </dl>
              {s.largest.length > 0 && (
                <div>
                  <h3 className="text-sm font-medium text-slate-800">{t('storage.largest')}</h3>
                  <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-100">
                    {s.largest.map((f) => (
                      <li key={f.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                        <Link to={`/files/${f.id}`} className="min-w-0 truncate text-accent-700 hover:underline">
                          {f.original_name}
                        </Link>
                        <span className="shrink-0 text-slate-600">{formatFileSize(f.file_size)}</span>
                      </li>
                    ))}
                  </ul>
                  <Link to="/dashboard?sort_by=file_size&sort_order=desc" className="mt-2 inline-block text-sm font-medium text-accent-700 hover:underline">
                    {t('storage.allBySize')}
                  </Link>
                </div>
              )}
            </CardContent>
          );
        }}
      </QueryState>
    </Card>
  );
}
