import { Spinner } from './Spinner';

/** A section or page waiting for its data: a centred spinner with its words, announced politely. */
export function LoadingState({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-2 px-6 py-12 text-sm text-slate-500">
      <Spinner className="size-5 text-accent-700" />
      {label}
    </div>
  );
}
