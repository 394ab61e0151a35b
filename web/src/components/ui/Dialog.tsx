import { useTranslation } from 'react-i18next';
import { useRef, type ReactNode } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import clsx from 'clsx';

export interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  /** A short line above the title, such as "Conflict 1 of 4", kept out of it so the title stays the dialog's name. */
  eyebrow?: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons, right-aligned under the body. */
  footer?: ReactNode;
  /** 'full': nearly the whole window, its body filling the height (viewers). */
  size?: 'sm' | 'md' | 'lg' | 'xl' | 'full';
  /** Hides the corner close button, e.g. while an action is pending. */
  hideClose?: boolean;
}

const SIZES = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl', full: 'h-[calc(100dvh-2rem)] max-w-7xl' } as const;

/** A modal dialog: focus stays inside, Escape and the close button dismiss it. */
export function Dialog({ open, onOpenChange, title, eyebrow, description, children, footer, size = 'md', hideClose = false }: DialogProps) {
  const { t } = useTranslation('common');
  // These dialogs are opened from state, not a Radix Trigger, so Radix has nothing to refocus on close:
  // the control that had focus when the dialog opened gets it back, so keyboard users keep their place.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-scrim backdrop-blur-[2px] data-[state=open]:motion-safe:animate-fade-in" />
        <RadixDialog.Content
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            if (!opener.current?.isConnected) return;
            event.preventDefault();
            opener.current.focus();
          }}
          // Without a description, Radix expects aria-describedby to be switched off explicitly.
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={clsx(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col',
            'rounded-xl border border-slate-200 bg-surface shadow-overlay focus:outline-none data-[state=open]:motion-safe:animate-zoom-in',
            SIZES[size],
          )}
        >
          <div className="flex items-start justify-between gap-4 px-6 pt-5">
            <div className="min-w-0">
              {eyebrow && <p className="mb-1 text-xs font-medium text-slate-500">{eyebrow}</p>}
              <RadixDialog.Title className="text-lg font-semibold break-words text-slate-900">{title}</RadixDialog.Title>
              {description && <RadixDialog.Description className="mt-1 text-sm text-slate-600">{description}</RadixDialog.Description>}
            </div>
            {!hideClose && (
              <RadixDialog.Close
                aria-label={t('close')}
                className="-mr-2 rounded-md p-1.5 text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-accent-600"
              >
                <X aria-hidden="true" className="size-5" />
              </RadixDialog.Close>
            )}
          </div>
          <div className={clsx('min-h-0 overflow-y-auto px-6', size === 'full' && 'flex-1', children ? 'pt-4' : null, footer ? null : 'pb-6')}>{children}</div>
          {footer && <div className="flex flex-wrap justify-end gap-2 px-6 pt-6 pb-5">{footer}</div>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
