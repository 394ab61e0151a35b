import { useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { LogOut, Menu, X } from 'lucide-react';
import type { User } from '@vault/contract';
import { useMediaQuery } from '../../lib/use-media-query';
import { Brand } from '../ui/Brand';
import { NavLinks } from './NavLinks';
import { UserIdentity } from '../ui/UserIdentity';
import type { NavItem } from './nav-items';

const ICON_BUTTON =
  'rounded-lg p-2 text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-accent-600';

/** Below 1024 px (seven links and the account do not fit one bar) the links live in this side drawer; choosing a link or Logout closes it. */
export function MobileNav({ items, user, onLogout }: { items: readonly NavItem[]; user: User; onLogout(): void }) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const wide = useMediaQuery('(min-width: 1024px)');

  // Widening the window shows the bar's links: a drawer left open would keep the page inert.
  useEffect(() => {
    if (wide) setOpen(false);
  }, [wide]);

  return (
    <RadixDialog.Root open={open} onOpenChange={setOpen}>
      <RadixDialog.Trigger aria-label={t('openNavigationMenu')} className={`${ICON_BUTTON} -ml-2 lg:hidden`}>
        <Menu aria-hidden="true" className="size-5" />
      </RadixDialog.Trigger>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-scrim data-[state=open]:motion-safe:animate-fade-in lg:hidden" />
        <RadixDialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-surface shadow-overlay focus:outline-none data-[state=open]:motion-safe:animate-slide-in-left lg:hidden"
        >
          <div className="flex h-16 items-center justify-between border-b border-slate-200 px-4">
            <Brand to="/dashboard" onClick={close} />
            <RadixDialog.Close aria-label={t('closeNavigationMenu')} className={ICON_BUTTON}>
              <X aria-hidden="true" className="size-5" />
            </RadixDialog.Close>
          </div>
          <RadixDialog.Title className="sr-only">{t('navigation')}</RadixDialog.Title>
          <div className="flex-1 overflow-y-auto p-3">
            <div className="mb-3 flex items-center gap-3 rounded-lg bg-slate-50 px-3 py-3">
              <UserIdentity user={user} />
            </div>
            <nav aria-label={t('main')}>
              <NavLinks items={items} orientation="vertical" onNavigate={close} />
            </nav>
            <div className="mt-3 border-t border-slate-200 pt-3">
              <button
                type="button"
                onClick={() => {
                  close();
                  onLogout();
                }}
                className="flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-red-700 transition-colors hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-accent-600"
              >
                <LogOut aria-hidden="true" className="size-4" />
                {t('logout')}
              </button>
            </div>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
