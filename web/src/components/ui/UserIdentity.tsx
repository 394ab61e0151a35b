import { useTranslation } from 'react-i18next';
import type { User } from '@vault/contract';
import { Badge } from './Badge';
import { BreakableName } from './BreakableName';
import { UserAvatar } from './UserAvatar';

/** Avatar, username (with an Admin badge for admins) and e-mail. */
export function UserIdentity({ user }: { user: Pick<User, 'username' | 'email' | 'is_admin'> }) {
  const { t } = useTranslation('common');
  return (
    <div className="flex min-w-0 flex-1 items-center gap-3">
      <UserAvatar username={user.username} className="size-9" />
      <div className="min-w-0 flex-1">
        {/* The badge moves under a name too long to share its line: a name is never cut. */}
        <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
          <span className="min-w-0 text-sm font-semibold break-words text-slate-900">
            <BreakableName name={user.username} />
          </span>
          {user.is_admin && <Badge tone="accent">{t('admin')}</Badge>}
        </div>
        <p className="truncate text-sm text-slate-500" title={user.email}>
          {user.email}
        </p>
      </div>
    </div>
  );
}
