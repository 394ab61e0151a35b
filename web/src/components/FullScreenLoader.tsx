import { Spinner } from './ui/Spinner';

/** Shown while the stored session is checked (SPEC §2). */
export function FullScreenLoader() {
  return (
    <div role="status" className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-slate-50 px-6 text-center">
      <div className="flex size-14 items-center justify-center rounded-2xl bg-white shadow-card ring-1 ring-slate-200">
        <Spinner className="size-7 text-accent-600" />
      </div>
      <div>
        <p className="text-base font-semibold text-slate-900">Loading...</p>
        <p className="mt-1 text-sm text-slate-500">Verifying your session</p>
      </div>
    </div>
  );
}
