import { useTranslation } from 'react-i18next';
/** Lets keyboard users jump past the navigation. */
export function SkipLink() {
  const { t } = useTranslation('common');
  return (
    <a
      href="#main"
      className="sr-only rounded-lg bg-surface px-4 py-2 text-sm font-medium text-accent-700 shadow-overlay focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60] focus-visible:outline-2 focus-visible:outline-accent-600"
    >
      {t('skipToContent')}
    </a>
  );
}
