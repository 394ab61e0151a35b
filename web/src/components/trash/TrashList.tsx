import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RotateCcw, Trash2 } from 'lucide-react';
import type { TrashItem, TrashList as TrashListData } from '@vault/contract';
import { useDeleteForever, useEmptyTrash, useRestoreItems, type TrashRef } from '../../api/trash';
import { formatFileSize } from '../../lib/format';
import { BarButton, BulkBarFrame } from '../manage/BulkBar';
import { SelectAllBox } from '../manage/RowParts';
import { Button } from '../ui/Button';
import { Card, CardHeader } from '../ui/Card';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { DataTable, type Column } from '../ui/DataTable';
import { EmptyState } from '../ui/EmptyState';
import { IconButton } from '../ui/IconButton';
import { DeletedCell, itemKey, LocationCell, NameCell, PurgeCell, SizeCell } from './TrashCells';

const refOf = (item: TrashItem): TrashRef => ({ kind: item.kind, id: item.id, name: item.name });

/**
 * What is in Trash: a table from 1024 px, cards below; each item with Restore
 * and Delete forever (asked first), and a selection for both at once.
 */
export function TrashList({ trash }: { trash: TrashListData }) {
  const { t } = useTranslation('trash');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [deleting, setDeleting] = useState<TrashItem[] | null>(null);
  const [emptying, setEmptying] = useState(false);
  const restore = useRestoreItems();
  const purge = useDeleteForever();
  const empty = useEmptyTrash();
  const { items } = trash;

  // The selection keeps to what is listed: restored or purged items drop out of it.
  const chosen = useMemo(() => items.filter((item) => selected.has(itemKey(item))), [items, selected]);
  const allChosen = items.length > 0 && chosen.length === items.length;
  const toggle = (item: TrashItem) =>
    setSelected((now) => {
      const next = new Set(now);
      if (!next.delete(itemKey(item))) next.add(itemKey(item));
      return next;
    });
  const clear = () => setSelected(new Set());
  /** Items a request handled leave the selection, so one that comes back later is not chosen already. */
  const forget = (list: readonly TrashItem[]) =>
    setSelected((now) => new Set([...now].filter((key) => !list.some((item) => itemKey(item) === key))));
  const restoreItems = (list: TrashItem[]) => restore.mutate(list.map(refOf), { onSuccess: () => forget(list) });

  if (items.length === 0) {
    return (
      <Card>
        <EmptyState icon={Trash2} title={t('empty.title')} description={t('empty.description', { count: trash.days })} />
      </Card>
    );
  }

  const columns: Column<TrashItem>[] = [
    { header: t('column.name'), primary: true, cell: (item) => <NameCell item={item} selected={selected.has(itemKey(item))} onToggle={() => toggle(item)} /> },
    { header: t('column.location'), wrap: true, cell: (item) => <LocationCell item={item} />, className: 'max-w-56' },
    { header: t('column.deleted'), cell: (item) => <DeletedCell item={item} /> },
    { header: t('column.size'), wrap: true, cell: (item) => <SizeCell item={item} /> },
    { header: t('column.purge'), cell: (item) => <PurgeCell item={item} /> },
    {
      header: t('column.actions'),
      actions: true,
      align: 'right',
      cell: (item) => (
        <span className="inline-flex items-center gap-1">
          {/* Below 1280 px the button leaves the name the room and shows its icon only. */}
          <Button variant="secondary" size="sm" className="max-xl:px-2" aria-label={t('restoreName', { name: item.name })} title={t('restore')} onClick={() => restoreItems([item])} disabled={restore.isPending}>
            <RotateCcw aria-hidden="true" className="size-4" />
            <span className="max-xl:hidden">{t('restore')}</span>
          </Button>
          <IconButton icon={Trash2} tone="danger" label={t('deleteForeverName', { name: item.name })} tooltip={t('deleteForever')} onClick={() => setDeleting([item])} />
        </span>
      ),
    },
  ];

  const one = deleting?.length === 1 ? deleting[0] : undefined;
  return (
    <Card>
      <CardHeader
        title={t('cardTitle')}
        description={t('summary', { count: items.length, size: formatFileSize(trash.total_bytes) })}
        actions={
          <Button variant="danger" size="sm" onClick={() => setEmptying(true)}>
            <Trash2 aria-hidden="true" className="size-4" />
            {t('emptyTrash')}
          </Button>
        }
      />
      <label className="flex items-center gap-2 px-5 py-3 text-sm text-slate-700">
        <SelectAllBox label={t('selectAll')} checked={allChosen} mixed={chosen.length > 0 && !allChosen} onToggle={() => setSelected(allChosen ? new Set() : new Set(items.map(itemKey)))} />
        {t('selectAllShort')}
      </label>
      <DataTable caption={t('listLabel')} columns={columns} rows={items} rowKey={itemKey} />
      {chosen.length > 0 && (
        <BulkBarFrame label={t('bulk.toolbar')} selected={t('bulk.selected', { count: chosen.length })} clearLabel={t('bulk.clear')} onClear={clear}>
          <BarButton icon={RotateCcw} label={t('restore')} onClick={() => restoreItems(chosen)} busy={restore.isPending} />
          <BarButton icon={Trash2} label={t('deleteForever')} onClick={() => setDeleting(chosen)} danger />
        </BulkBarFrame>
      )}
      <div className="h-3" />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={one ? t('confirm.deleteOneTitle', { name: one.name }) : t('confirm.deleteManyTitle', { count: deleting?.length ?? 0 })}
        message={t('confirm.deleteMessage', { count: deleting?.length ?? 0 })}
        confirmLabel={t('deleteForever')}
        tone="danger"
        pending={purge.isPending}
        onConfirm={() =>
          deleting &&
          purge.mutate(deleting.map(refOf), {
            onSettled: () => setDeleting(null),
            onSuccess: () => forget(deleting),
          })
        }
      />
      <ConfirmDialog
        open={emptying}
        onOpenChange={setEmptying}
        title={t('confirm.emptyTitle')}
        message={t('confirm.emptyMessage', { count: items.length, size: formatFileSize(trash.total_bytes) })}
        confirmLabel={t('emptyTrash')}
        tone="danger"
        pending={empty.isPending}
        onConfirm={() => empty.mutate(undefined, { onSettled: () => setEmptying(false), onSuccess: clear })}
      />
    </Card>
  );
}
