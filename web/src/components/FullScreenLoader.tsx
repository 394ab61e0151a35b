import { useTranslation } from 'react-i18next';
import { Spinner } from './ui/Spinner';

/** Shown while the stored session is checked. */
export function FullScreenLoader() {
  const { t } = useTranslation('common');
  return (
    <div role="status" className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-slate-50 px-6 text-center">
      <div className="flex size-14 items-center justify-center rounded-2xl bg-surface shadow-card ring-1 ring-slate-200">
        <Spinner className="size-7 text-accent-700" />
      </div>
      <div>
        <p className="text-base font-semibold text-slate-900">{t('loading')}</p>
        <p className="mt-1 text-sm text-slate-500">{t('verifyingYourSession')}</p>
      </div>
    </div>
  );
}
