import { LINK_REFUSAL_MESSAGE, sentence, type LinkRefusal } from '@vault/contract';
import { DomainError, type ErrorKind } from '../shared/errors.js';

const KIND: Record<LinkRefusal, ErrorKind> = {
  not_found: 'not_found',
  expired: 'gone',
  exhausted: 'gone',
  revoked: 'gone',
  password_required: 'unauthorized',
  wrong_password: 'unauthorized',
};

/**
 * What a link's visitor is told instead of the item: which reason, and never
 * anything about the item itself.
 */
export class LinkRefused extends DomainError {
  constructor(readonly refusal: LinkRefusal) {
    super(KIND[refusal], sentence(LINK_REFUSAL_MESSAGE[refusal]), { link_refusal: refusal });
  }
}
