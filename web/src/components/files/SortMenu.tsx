import { useTranslation } from 'react-i18next';
import type { FileSortField } from '@vault/contract';
import { SORT_OPTIONS, SORT_ORDER_OPTIONS } from '../../lib/file-search/filter-options';
import type { SortOrder, TableSort } from '../ui/SortHeader';
import { Select } from '../ui/Select';

/** Where a list has no headers (cards on a phone, the grid): every sort, both ways, in one menu. */
export function SortMenu({ sort, fields }: { sort: TableSort<FileSortField>; fields: readonly FileSortField[] }) {
  const { t } = useTranslation('files');
  const fieldLabel = (field: FileSortField) => t(SORT_OPTIONS.find((o) => o.value === field)?.labelKey ?? 'filter.upload-date');
  return (
    <Select
      aria-label={t('sortMenu.label')}
      value={`${sort.by}:${sort.order}`}
      onChange={(event) => {
        const [by, order] = event.target.value.split(':') as [FileSortField, SortOrder];
        sort.onChange(by, order);
      }}
      className="order-last basis-full sm:order-none sm:basis-auto"
    >
      {fields.flatMap((field) =>
        SORT_ORDER_OPTIONS.map((order) => (
          <option key={`${field}:${order.value}`} value={`${field}:${order.value}`}>
            {t('sortMenu.option', { field: fieldLabel(field), order: t(order.labelKey) })}
          </option>
        )),
      )}
    </Select>
  );
}
