import type { ReactNode } from 'react';

/** The main landmark every layout renders its page into. */
export function PageContainer({ children }: { children: ReactNode }) {
  return (
    <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl px-4 py-8 focus:outline-none sm:px-6 lg:px-8 lg:py-10">
      {children}
    </main>
  );
}
