import QRCode from 'qrcode';
import { sentence, type TwoFactorSetup } from '@vault/contract';
import type { Actor, DomainContext } from '../shared/context.js';
import { Conflict } from '../shared/errors.js';
import { newTotpSecret, sealTotpSecret, totpUri } from './totp.js';

/**
 * POST /api/account/2fa/setup: a new secret, kept aside until a code from it
 * confirms it. The QR code is drawn here, so the secret never leaves for a
 * third-party service.
 */
export async function beginTwoFactorSetup(ctx: DomainContext, actor: Actor): Promise<TwoFactorSetup> {
  if (actor.twoFactor) throw new Conflict(sentence('twoFactorAlreadyOn'));
  const secret = newTotpSecret();
  await ctx.db.updateTable('users').set({ totp_pending_secret: sealTotpSecret(ctx, actor.id, secret) }).where('id', '=', actor.id).execute();
  const uri = totpUri(actor.username, secret);
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauth_uri: uri, qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}
