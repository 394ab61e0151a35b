import { Spinner } from './Spinner';

/** A section or page waiting for its data, announced politely. */
export function LoadingState({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-2 py-16 text-sm text-slate-500">
      <Spinner /> {label}
    </div>
  );
}
