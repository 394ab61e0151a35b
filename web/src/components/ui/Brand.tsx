import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ShieldCheck } from 'lucide-react';
import clsx from 'clsx';

export function BrandMark({ className }: { className?: string }) {
  return (
    <span className={clsx('flex items-center justify-center rounded-lg bg-accent-600 text-white shadow-sm', className ?? 'size-8')}>
      <ShieldCheck aria-hidden="true" className="size-[60%]" strokeWidth={2.25} />
    </span>
  );
}

/** The logo and product name, linking to the given route. */
export function Brand({ to, onClick }: { to: string; onClick?: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Link
      to={to}
      onClick={onClick}
      className="flex shrink-0 items-center gap-2.5 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-accent-600"
    >
      <BrandMark />
      <span className="text-lg font-semibold tracking-tight text-slate-900">{t('vault')}</span>
    </Link>
  );
}
