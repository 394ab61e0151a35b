import { LoaderCircle } from 'lucide-react';
import clsx from 'clsx';

/** A decorative spinning icon; pair it with visible text or an aria-label on its container. */
export function Spinner({ className }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={clsx('size-4 shrink-0 animate-spin', className)} />;
}
