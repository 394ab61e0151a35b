import { useTranslation } from 'react-i18next';
import type { User } from '@vault/contract';
import { Brand } from '../ui/Brand';
import { UploadIndicator } from '../upload/UploadIndicator';
import { LiveIndicator } from './LiveIndicator';
import { MobileNav } from './MobileNav';
import { NavLinks } from './NavLinks';
import { UserMenu } from './UserMenu';
import { navItemsFor } from './nav-items';
import { useTrashDays } from '../../api/trash';

/** The signed-in navigation bar. */
export function NavBar({ user, onLogout }: { user: User; onLogout(): void }) {
  const { t } = useTranslation('common');
  const items = navItemsFor(user, useTrashDays() === 0);
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-surface/90 backdrop-blur supports-[backdrop-filter]:bg-surface/75">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6 lg:px-8">
        <MobileNav items={items} user={user} onLogout={onLogout} />
        <Brand to="/dashboard" />
        <nav aria-label={t('main')} className="ml-4 hidden lg:block xl:ml-8">
          <NavLinks items={items} orientation="horizontal" />
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <UploadIndicator />
          <LiveIndicator />
          <UserMenu user={user} onLogout={onLogout} />
        </div>
      </div>
    </header>
  );
}
