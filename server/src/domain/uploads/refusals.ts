import { sentence } from '@vault/contract';
import { StorageError } from '../../storage/errors.js';
import { QuotaExceeded, TooLarge, UnsupportedType, type DomainError } from '../shared/errors.js';

function refusalOf(err: StorageError, allowed: readonly string[]): DomainError {
  const { limitBytes = 0, extension = '' } = err.particulars;
  switch (err.kind) {
    case 'too_large':
      return new TooLarge(sentence('fileTooLarge', { size: limitBytes }));
    case 'over_budget':
      return new QuotaExceeded();
    case 'extension_not_accepted':
      return new UnsupportedType(extension ? sentence('fileTypeNotAllowed', { extension }) : sentence('fileNeedsExtension', { allowed: allowed.join(', ') }));
    case 'content_mismatch':
      return new UnsupportedType(sentence('fileContentMismatch'));
  }
}

/** The storage engine's refusals as the user reads them (`allowed`: the installation's extensions); anything else passes unchanged. */
export function asDomainError(err: unknown, allowed: readonly string[]): unknown {
  return err instanceof StorageError ? refusalOf(err, allowed) : err;
}
