import { FileArchive, FileAudio, FileImage, FileVideo, FileJson, FileSpreadsheet, FileText, File as FileIcon, type LucideIcon } from 'lucide-react';
import { extensionOf } from '@vault/contract';

interface FileKind {
  icon: LucideIcon;
  /** Tailwind classes for the icon tile. */
  tone: string;
}

const KINDS = {
  image: { icon: FileImage, tone: 'bg-sky-50 text-sky-700 ring-sky-600/15' },
  pdf: { icon: FileText, tone: 'bg-red-50 text-red-700 ring-red-600/15' },
  text: { icon: FileText, tone: 'bg-slate-100 text-slate-600 ring-slate-600/15' },
  data: { icon: FileJson, tone: 'bg-amber-50 text-amber-700 ring-amber-600/15' },
  sheet: { icon: FileSpreadsheet, tone: 'bg-emerald-50 text-emerald-700 ring-emerald-600/15' },
  archive: { icon: FileArchive, tone: 'bg-violet-50 text-violet-700 ring-violet-600/15' },
  video: { icon: FileVideo, tone: 'bg-indigo-50 text-indigo-700 ring-indigo-600/15' },
  audio: { icon: FileAudio, tone: 'bg-pink-50 text-pink-700 ring-pink-600/15' },
  other: { icon: FileIcon, tone: 'bg-slate-100 text-slate-500 ring-slate-500/15' },
} satisfies Record<string, FileKind>;

/** The icon and colour of a file's type, from its MIME type. */
export function fileKind(mime: string): FileKind {
  if (mime.startsWith('image/')) return KINDS.image;
  if (mime === 'application/pdf') return KINDS.pdf;
  if (mime === 'application/json') return KINDS.data;
  if (mime === 'text/csv' || mime.includes('spreadsheet') || mime.includes('excel')) return KINDS.sheet;
  if (mime.startsWith('text/') || mime.includes('word') || mime.includes('opendocument.text')) return KINDS.text;
  if (mime.startsWith('video/')) return KINDS.video;
  if (mime.startsWith('audio/')) return KINDS.audio;
  if (/zip|rar|tar|7z|compressed/.test(mime)) return KINDS.archive;
  return KINDS.other;
}

/** The extension badge: 'PDF', or 'FILE' for names without one. */
export function extensionLabel(name: string): string {
  return extensionOf(name).toUpperCase() || 'FILE';
}
