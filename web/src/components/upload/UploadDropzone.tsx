import { Trans, useTranslation } from 'react-i18next';
import { useDropzone } from 'react-dropzone';
import { CloudUpload } from 'lucide-react';
import clsx from 'clsx';
import { formatFileSize } from '../../lib/format';
import { acceptAttribute, typeList } from '../../lib/allowed-types';

export interface UploadDropzoneProps {
  onFiles(files: File[]): void;
  disabled?: boolean;
  maxFileBytes: number;
  /** How many files go at once, when they are limited. */
  maxFiles?: number;
  /** The installation's extensions: the picker offers them and the hint names them. */
  allowedTypes: readonly string[];
}

/**
 * Drop files here or click (Enter/Space) to pick them. Every file is passed on
 * in order; the caller's rules accept or refuse each one with a reason.
 */
export function UploadDropzone({ onFiles, disabled = false, maxFileBytes, maxFiles, allowedTypes }: UploadDropzoneProps) {
  const { t } = useTranslation('upload');
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    onDrop: (accepted) => onFiles(accepted),
    multiple: true,
    disabled,
  });
  return (
    <>
      {/* Beside the button rather than inside it: a control inside a button is unreachable to assistive technology. */}
      <input {...getInputProps({ accept: acceptAttribute(allowedTypes), 'aria-label': t('dropzone.input') })} />
      <div
      {...getRootProps({
        role: 'button',
        'aria-label': t('dropzone.label'),
        'aria-disabled': disabled || undefined,
      })}
      className={clsx(
        'flex cursor-pointer flex-col items-center justify-center rounded-xl border-2 border-dashed px-6 py-10 text-center transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600',
        isDragActive ? 'border-accent-500 bg-accent-50' : 'border-slate-300 bg-slate-50/60 hover:border-accent-400 hover:bg-accent-50/40',
        disabled && 'pointer-events-none opacity-60',
      )}
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-surface text-accent-700 shadow-card ring-1 ring-slate-200">
        <CloudUpload aria-hidden="true" className="size-6" />
      </span>
      <p className="mt-4 text-base font-semibold text-slate-900">{isDragActive ? t('dropzone.dropHere') : t('dropzone.dragHere')}</p>
      <p className="mt-1 text-sm text-slate-600">
        <Trans t={t} i18nKey="dropzone.orBrowse" components={{ browse: <span className="font-medium text-accent-700 underline-offset-2 hover:underline" /> }} />
      </p>
      <p className="mt-3 text-xs text-slate-500">
        {maxFiles === undefined
          ? t('dropzone.limitsPerFile', { size: formatFileSize(maxFileBytes), types: typeList(allowedTypes) })
          : t('dropzone.limits', { max: maxFiles, size: formatFileSize(maxFileBytes), types: typeList(allowedTypes) })}
      </p>
    </div>
    </>
  );
}
