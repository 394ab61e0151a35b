import { useTranslation } from 'react-i18next';
import { useMemo, useState } from 'react';
import { Pencil, UserPlus, Users } from 'lucide-react';
import type { AdminUserRow } from '@vault/contract';
import { useAdminUsers } from '../../api/admin';
import { useCurrentUser } from '../../session-state/context';
import { UserIdentity } from '../ui/UserIdentity';
import { formatCount, formatDate } from '../../lib/format';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { Card, CardHeader } from '../ui/Card';
import { DataTable, type Column, type SortOrder } from '../ui/DataTable';
import { EmptyState } from '../ui/EmptyState';
import { QueryState } from '../ui/QueryState';
import { QuotaBar } from './QuotaBar';
import { CreateUserDialog } from './CreateUserDialog';
import { UserEditorDialog } from './UserEditorDialog';

type UserSort = 'username' | 'file_count' | 'used_storage_bytes' | 'total_downloads' | 'created_at';

function compareBy(by: UserSort, order: SortOrder) {
  const sign = order === 'asc' ? 1 : -1;
  return (a: AdminUserRow, b: AdminUserRow) => {
    const x = a[by];
    const y = b[by];
    const diff = typeof x === 'string' && typeof y === 'string' ? x.localeCompare(y) : Number(x) - Number(y);
    return sign * (diff || a.id - b.id);
  };
}

export function UsersTab() {
  const { t } = useTranslation('admin');
  const me = useCurrentUser();
  const users = useAdminUsers();
  const [sort, setSort] = useState<{ by: UserSort; order: SortOrder }>({ by: 'used_storage_bytes', order: 'desc' });
  // The row is read from the list, so the editor shows each change (disabled, reset) as it lands.
  const [editingId, setEditingId] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const editing = users.data?.users.find((u) => u.id === editingId) ?? null;
  const rows = useMemo(() => [...(users.data?.users ?? [])].sort(compareBy(sort.by, sort.order)), [users.data, sort]);

  const columns: Column<AdminUserRow, UserSort>[] = [
    {
      header: t('users.user'),
      primary: true,
      sortBy: 'username',
      cell: (u) => (
        <div className="flex min-w-0 items-center gap-2">
          <UserIdentity user={u} />
          {u.disabled && <Badge tone="danger">{t('users.disabled')}</Badge>}
        </div>
      ),
    },
    { header: t('users.files'), align: 'right', sortBy: 'file_count', cell: (u) => formatCount(u.file_count) },
    {
      header: t('users.storageUsed'),
      sortBy: 'used_storage_bytes',
      cell: (u) => <QuotaBar usedBytes={u.used_storage_bytes} quotaMb={u.storage_quota_mb} label={t('users.storageUsedBy', { username: u.username })} />,
    },
    { header: t('users.downloads'), align: 'right', sortBy: 'total_downloads', cell: (u) => formatCount(u.total_downloads) },
    { header: t('users.joined'), sortBy: 'created_at', cell: (u) => <time dateTime={u.created_at}>{formatDate(u.created_at)}</time> },
    {
      header: t('users.actions'),
      actions: true,
      align: 'right',
      cell: (u) => (
        <Button variant="ghost" size="sm" aria-label={t('users.editUser', { username: u.username })} onClick={() => setEditingId(u.id)}>
          <Pencil aria-hidden="true" className="size-4" />
          <span aria-hidden="true">{t('edit')}</span>
        </Button>
      ),
    },
  ];

  return (
    <Card>
      <CardHeader
        title={t('users')}
        description={users.data ? t('users.accountCount', { count: users.data.users.length, formatted: formatCount(users.data.users.length) }) : t('users.everyAccount')}
        actions={
          <Button size="sm" onClick={() => setCreating(true)}>
            <UserPlus aria-hidden="true" className="size-4" />
            {t('users.new')}
          </Button>
        }
      />
      <QueryState query={users} loading={t('loadingUsers')} failed={t('failedToLoadUsers')}>
        {() =>
          rows.length === 0 ? (
            <EmptyState icon={Users} title={t('noUsersYet')} />
          ) : (
            <DataTable
              caption={t('users')}
              columns={columns}
              rows={rows}
              rowKey={(u) => u.id}
              sort={{ ...sort, onChange: (by, order) => setSort({ by, order }) }}
            />
          )
        }
      </QueryState>
      <UserEditorDialog user={editing} currentUserId={me.id} onClose={() => setEditingId(null)} />
      <CreateUserDialog open={creating} onOpenChange={setCreating} />
    </Card>
  );
}
