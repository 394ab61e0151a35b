import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useNavigate } from 'react-router';
import { ChevronDown, LogOut, Settings } from 'lucide-react';
import type { User } from '@vault/contract';
import { UserAvatar } from './UserAvatar';
import { UserIdentity } from './UserIdentity';

const ITEM =
  'flex cursor-default items-center gap-2.5 rounded-md px-2.5 py-2 text-sm outline-none select-none data-[highlighted]:bg-slate-100';

export function UserMenu({ user, onLogout }: { user: User; onLogout(): void }) {
  const navigate = useNavigate();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={`Account menu for ${user.username}`}
        className="flex items-center gap-2 rounded-full p-1 transition-colors hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600 data-[state=open]:bg-slate-100 lg:pr-2"
      >
        <UserAvatar username={user.username} />
        <span className="hidden max-w-32 truncate text-sm font-medium text-slate-700 xl:block">{user.username}</span>
        <ChevronDown aria-hidden="true" className="hidden size-4 text-slate-500 lg:block" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-64 rounded-xl border border-slate-200 bg-white p-1.5 shadow-overlay data-[state=open]:motion-safe:animate-fade-in"
        >
          <DropdownMenu.Label className="flex items-center gap-3 px-2.5 py-2">
            <UserIdentity user={user} />
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
          <DropdownMenu.Item className={`${ITEM} text-slate-700`} onSelect={() => void navigate('/settings')}>
            <Settings aria-hidden="true" className="size-4 text-slate-500" />
            Settings
          </DropdownMenu.Item>
          <DropdownMenu.Item className={`${ITEM} text-red-600 data-[highlighted]:bg-red-50`} onSelect={onLogout}>
            <LogOut aria-hidden="true" className="size-4" />
            Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
