import { describe, expect, it } from 'vitest';
import { createSecretBox, isSealed, totpContext } from './secret-box.js';

const SECRET = 'a-server-secret-of-at-least-32-characters';
const TOTP = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe('secret box', () => {
  const box = createSecretBox(SECRET);

  it('seals a value so that it does not show, and opens it again in the same context', () => {
    const sealed = box.seal(TOTP, totpContext(7));
    expect(isSealed(sealed)).toBe(true);
    expect(isSealed(TOTP)).toBe(false);
    expect(sealed).not.toContain(TOTP);
    expect(box.open(sealed, totpContext(7))).toBe(TOTP);
    // A fresh IV each time: equal secrets do not look equal at rest.
    expect(box.seal(TOTP, totpContext(7))).not.toBe(sealed);
  });

  it('refuses another account’s context, another server secret, and any altered byte', () => {
    const sealed = box.seal(TOTP, totpContext(7));
    expect(() => box.open(sealed, totpContext(8))).toThrow();
    expect(() => createSecretBox(`${SECRET}-rotated`).open(sealed, totpContext(7))).toThrow();
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    raw[raw.length - 20]! ^= 1;
    expect(() => box.open(`v1.${raw.toString('base64url')}`, totpContext(7))).toThrow();
    expect(() => box.open(TOTP, totpContext(7))).toThrow('Not a sealed value');
    expect(() => box.open('v1.AAAA', totpContext(7))).toThrow('too short');
  });
});
