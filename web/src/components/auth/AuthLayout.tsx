import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '../ui/Brand';

/** A card's title and the line under it. */
export interface AuthHeading {
  title: ReactNode;
  subtitle: ReactNode;
}

export interface AuthLayoutProps extends AuthHeading {
  /** Above the title, e.g. the login mode toggle. */
  top?: ReactNode;
  /**
   * Every heading the card switches between in place (the login modes): the tallest sets the
   * heading's room, so a switch that wraps the title or subtitle onto more lines moves nothing below.
   */
  headings?: readonly AuthHeading[];
  children: ReactNode;
  footer: ReactNode;
}

function HeadingText({ title, subtitle, as: Title }: AuthHeading & { as: 'h1' | 'p' }) {
  return (
    <>
      <Title className="text-2xl font-semibold tracking-tight text-slate-900">{title}</Title>
      <p className="mt-1.5 text-sm text-slate-600">{subtitle}</p>
    </>
  );
}

/**
 * The card of the sign-in and registration screens, centred across and held at a fixed height from
 * the top: centred vertically, it moved whenever its height changed (an error, the two-factor step),
 * so the field under the pointer jumped away.
 */
export function AuthLayout({ title, subtitle, top, headings = [], children, footer }: AuthLayoutProps) {
  const { t } = useTranslation('auth');
  return (
    <div className="flex min-h-dvh flex-col items-center bg-gradient-to-b from-accent-50/70 via-slate-50 to-slate-50 px-4 py-10 sm:pt-[max(3rem,12dvh)] sm:pb-12">
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
          {/* The other headings sit unseen in the same grid cell, only to keep their room. */}
          <div className="grid">
            <div className="[grid-area:1/1]">
              <HeadingText as="h1" title={title} subtitle={subtitle} />
            </div>
            {headings.map((heading, index) => (
              <div key={index} aria-hidden="true" className="invisible [grid-area:1/1]">
                <HeadingText as="p" {...heading} />
              </div>
            ))}
          </div>
          <div className="mt-7">{children}</div>
        </div>
        <p className="mt-6 text-center text-sm text-slate-600">{footer}</p>
      </main>
    </div>
  );
}
