import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import clsx from 'clsx';
import type { NavItem } from './nav-items';

export interface NavLinksProps {
  items: readonly NavItem[];
  orientation: 'horizontal' | 'vertical';
  onNavigate?: () => void;
}

/** The route links; the current one carries aria-current="page" and the accent colour. */
export function NavLinks({ items, orientation, onNavigate }: NavLinksProps) {
  const { t } = useTranslation('common');
  const vertical = orientation === 'vertical';
  return (
    <ul className={clsx('flex', vertical ? 'flex-col gap-1' : 'items-center gap-0.5 xl:gap-1')}>
      {items.map(({ to, label, icon: Icon, off }) => (
        <li key={to}>
          <NavLink
            to={to}
            onClick={onNavigate}
            title={off ? t('nav.trashOffTitle') : undefined}
            className={({ isActive }) =>
              clsx(
                'flex items-center rounded-lg text-sm font-medium whitespace-nowrap transition-colors',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600',
                vertical ? 'gap-3 px-3 py-2.5' : 'gap-2 px-2 py-2 xl:px-3',
                isActive ? 'bg-accent-50 text-accent-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
              )
            }
          >
            {/* In the bar, words alone: eight links in German with icons would not fit its 1280 px. */}
            {vertical && <Icon aria-hidden="true" className="size-4 shrink-0" />}
            {t(label)}
            {off && <span className="rounded bg-slate-100 px-1 text-[0.6875rem] font-semibold text-slate-500 uppercase">{t('nav.trashOff')}</span>}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
