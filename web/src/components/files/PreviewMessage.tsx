import { useTranslation } from 'react-i18next';
import { FileWarning } from 'lucide-react';
import type { ReactNode } from 'react';
import clsx from 'clsx';
import { Spinner } from '../ui/Spinner';

/** A preview's place when it shows a message instead: loading, a failure, or why there is none. */
export function PreviewMessage({ icon, children, tone = 'neutral', fill = false }: { icon: ReactNode; children: ReactNode; tone?: 'neutral' | 'error'; fill?: boolean }) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={clsx('flex min-h-48 flex-col items-center justify-center gap-3 p-6 text-center', fill && 'h-full')}>
      {icon}
      <p className={tone === 'error' ? 'text-sm font-medium text-red-700' : 'text-sm text-slate-600'}>{children}</p>
    </div>
  );
}

export function Failure({ message, fill = false }: { message: string; fill?: boolean }) {
  return (
    <PreviewMessage tone="error" fill={fill} icon={<FileWarning aria-hidden="true" className="size-8 text-red-500" />}>
      {message}
    </PreviewMessage>
  );
}

export function PreviewLoading({ fill = false }: { fill?: boolean }) {
  const { t } = useTranslation('files');
  return (
    <PreviewMessage fill={fill} icon={<Spinner className="size-6 text-accent-700" />}>
      {t('loadingPreview')}
    </PreviewMessage>
  );
}
