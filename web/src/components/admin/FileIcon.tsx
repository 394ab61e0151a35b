import { File, FileArchive, FileBraces, FileImage, FileSpreadsheet, FileText, type LucideIcon } from 'lucide-react';
import clsx from 'clsx';

const KINDS: { test(mime: string): boolean; icon: LucideIcon; tone: string }[] = [
  { test: (m) => m.startsWith('image/'), icon: FileImage, tone: 'bg-sky-50 text-sky-600' },
  { test: (m) => m === 'application/pdf', icon: FileText, tone: 'bg-red-50 text-red-600' },
  { test: (m) => m === 'application/json', icon: FileBraces, tone: 'bg-amber-50 text-amber-700' },
  { test: (m) => m === 'text/csv', icon: FileSpreadsheet, tone: 'bg-emerald-50 text-emerald-600' },
  { test: (m) => m === 'application/zip', icon: FileArchive, tone: 'bg-violet-50 text-violet-600' },
  { test: (m) => m.startsWith('text/'), icon: FileText, tone: 'bg-slate-100 text-slate-600' },
];

/** A decorative file-type icon on a tinted tile. */
export function FileIcon({ mime, className }: { mime: string; className?: string }) {
  const kind = KINDS.find((k) => k.test(mime));
  const Icon = kind?.icon ?? File;
  return (
    <span className={clsx('flex size-9 shrink-0 items-center justify-center rounded-lg', kind?.tone ?? 'bg-slate-100 text-slate-600', className)}>
      <Icon aria-hidden="true" className="size-4.5" />
    </span>
  );
}
