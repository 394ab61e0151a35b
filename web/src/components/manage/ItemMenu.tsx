import { useRef } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import clsx from 'clsx';
import { MoreHorizontal, type LucideIcon } from 'lucide-react';

export interface MenuEntry {
  key: string;
  label: string;
  icon: LucideIcon;
  onSelect(): void;
  tone?: 'danger';
  /** The action puts focus somewhere itself (an inline rename): the menu must not return it to its button. */
  takesFocus?: boolean;
}

const ITEM = 'flex cursor-default items-center gap-2.5 rounded-md px-2.5 py-2 text-sm outline-none select-none';

/** A file's or folder's menu of actions behind a "more" button. */
export function ItemMenu({ label, entries, className }: { label: string; entries: readonly MenuEntry[]; className?: string }) {
  const keepFocus = useRef(false);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={label}
        title={label}
        className={clsx(
          'inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-900',
          'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent-600 data-[state=open]:bg-slate-100',
          className,
        )}
      >
        <MoreHorizontal aria-hidden="true" className="size-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          collisionPadding={8}
          onCloseAutoFocus={(event) => {
            if (keepFocus.current) event.preventDefault();
            keepFocus.current = false;
          }}
          className="z-50 min-w-44 rounded-xl border border-slate-200 bg-surface p-1.5 shadow-overlay data-[state=open]:motion-safe:animate-fade-in"
        >
          {entries.map(({ key, label: text, icon: Icon, onSelect, tone, takesFocus = false }) => (
            <DropdownMenu.Item
              key={key}
              onSelect={() => {
                keepFocus.current = takesFocus;
                onSelect();
              }}
              className={clsx(ITEM, tone === 'danger' ? 'text-red-700 data-[highlighted]:bg-red-50' : 'text-slate-700 data-[highlighted]:bg-slate-100')}
            >
              <Icon aria-hidden="true" className={clsx('size-4', tone === 'danger' ? null : 'text-slate-500')} />
              {text}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
