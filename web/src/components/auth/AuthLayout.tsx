import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '../layout/Brand';

export interface AuthLayoutProps {
  title: ReactNode;
  subtitle: ReactNode;
  /** Above the title, e.g. the login mode toggle. */
  top?: ReactNode;
  children: ReactNode;
  footer: ReactNode;
}

/** The centred card of the sign-in and registration screens. */
export function AuthLayout({ title, subtitle, top, children, footer }: AuthLayoutProps) {
  const { t } = useTranslation('auth');
  return (
    <div className="flex min-h-dvh flex-col items-center bg-gradient-to-b from-accent-50/70 via-slate-50 to-slate-50 px-4 py-10 sm:justify-center sm:py-12">
      <main className="w-full max-w-md">
        <Link
          to="/public"
          className="mx-auto mb-8 flex w-fit items-center gap-2.5 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-accent-600"
        >
          <BrandMark className="size-10" />
          <span className="text-2xl font-semibold tracking-tight text-slate-900">{t('vault')}</span>
        </Link>
        <div className="rounded-2xl border border-slate-200 bg-surface px-6 py-8 shadow-card sm:px-8">
          {top}
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
          <p className="mt-1.5 text-sm text-slate-600">{subtitle}</p>
          <div className="mt-7">{children}</div>
        </div>
        <p className="mt-6 text-center text-sm text-slate-600">{footer}</p>
      </main>
    </div>
  );
}
