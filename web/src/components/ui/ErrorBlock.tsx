import { useTranslation } from 'react-i18next';
import { RotateCw } from 'lucide-react';
import { errorMessage } from '../../api/client';
import { Alert } from './Alert';
import { Button } from './Button';

export interface ErrorBlockProps {
  error: unknown;
  /** Shown when the server gives no reason. */
  fallback: string;
  onRetry(): void;
  className?: string;
}

/** A failed load: the reason and "Try again". */
export function ErrorBlock({ error, fallback, onRetry, className = 'p-4' }: ErrorBlockProps) {
  const { t } = useTranslation('common');
  return (
    <div className={className}>
      <Alert tone="error">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <span>{errorMessage(error, fallback)}</span>
          <Button size="sm" variant="secondary" onClick={onRetry}>
            <RotateCw aria-hidden="true" className="size-3.5" />
            {t('tryAgain')}
          </Button>
        </div>
      </Alert>
    </div>
  );
}
