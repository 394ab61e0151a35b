import { sql, type Kysely, type Migration } from 'kysely';
import { isSealed, totpContext, type SecretBox } from '../../secret-box.js';

interface TotpRow {
  id: number;
  totp_secret: string | null;
  totp_pending_secret: string | null;
}

/**
 * TOTP secrets were stored in clear: each one, confirmed or pending, is
 * sealed to its account under the server's secret (see secret-box.ts). No
 * column changes; only the values do.
 */
export function sealedTotpSecrets(secrets: SecretBox | undefined): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (!secrets) throw new Error('Sealing the TOTP secrets needs the server secret');
      const { rows } = await sql<TotpRow>`select id, totp_secret, totp_pending_secret from users
        where totp_secret is not null or totp_pending_secret is not null`.execute(db);
      const seal = (id: number, value: string | null) => (value === null || isSealed(value) ? value : secrets.seal(value, totpContext(id)));
      for (const row of rows) {
        const id = Number(row.id);
        await sql`update users set totp_secret = ${seal(id, row.totp_secret)}, totp_pending_secret = ${seal(id, row.totp_pending_secret)}
          where id = ${id}`.execute(db);
      }
    },
  };
}
