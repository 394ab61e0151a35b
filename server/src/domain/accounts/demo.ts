import type { DomainContext } from '../shared/context.js';
import { ensureAccount } from './users.js';

/** Well-known accounts for the embedded quick start; DEMO_ACCOUNTS=false in production. */
export const DEMO_ACCOUNTS = {
  user: { username: 'demo', email: 'demo@vault.local', password: 'demo123', isAdmin: false },
  admin: { username: 'admin', email: 'admin@vault.local', password: 'admin123', isAdmin: true },
} as const;

export async function seedAccounts(
  ctx: DomainContext,
  opts: { demo: boolean; admin: { username: string; password: string; email: string } | undefined },
): Promise<void> {
  if (opts.demo) {
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const outcome = await ensureAccount(ctx, account);
      ctx.log.info(
        { username: account.username, admin: account.isAdmin },
        outcome === 'created'
          ? `demo account created: ${account.username} / ${account.password}`
          : `demo account available: ${account.username} / ${account.password}`,
      );
    }
  }
  if (opts.admin) {
    const outcome = await ensureAccount(ctx, { ...opts.admin, isAdmin: true });
    ctx.log.info({ username: opts.admin.username }, `bootstrap admin ${outcome === 'created' ? 'created' : 'already exists'}`);
  }
}
