import type { CSSProperties, ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Toaster } from 'sonner';

// Sonner's defaults already match; they are spelled out so a library update cannot change them.
const TOASTER_STYLE = { '--width': '356px' } as CSSProperties;

/** Providers around the router: data cache and toasts (bottom-right, 356 px, 4 s, 3 visible, Alt+T). */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster
        position="bottom-right"
        duration={4000}
        visibleToasts={3}
        hotkey={['altKey', 'KeyT']}
        richColors
        closeButton
        style={TOASTER_STYLE}
      />
    </QueryClientProvider>
  );
}
