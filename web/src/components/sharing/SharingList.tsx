import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { Badge } from '../ui/Badge';
import { Card, CardHeader } from '../ui/Card';
import { LoadingState } from '../ui/LoadingState';
import { ShowAllButton, useFirstRows } from '../ui/ShowAll';

export interface SharingListItem {
  key: string;
  icon: ReactNode;
  name: ReactNode;
  meta: ReactNode;
  action: ReactNode;
}

export interface SharingListProps {
  title: string;
  description: string;
  items: SharingListItem[] | undefined;
  empty: string;
  /** When the list is the first page of more. */
  total?: number;
  /** Buttons in the card's header, e.g. to add an item. */
  actions?: ReactNode;
}

/** Rows listed before "Show all": the lists grow with the page, which keeps one scroll. */
const SHOWN_ROWS = 5;

function Rows({ title, items }: { title: string; items: SharingListItem[] }) {
  const { t } = useTranslation('sharing');
  const { shown, more, all, toggle } = useFirstRows(items, SHOWN_ROWS);
  return (
    <>
      {/*
        In a card narrower than 28rem (a phone) the actions take a line of their own under the text, which
        then wraps in the row's width: beside it they left a long name a few letters. Wider, they stay beside it.
      */}
      <ul aria-label={title} className="divide-y divide-slate-100 @container">
        {shown.map(({ key, icon, name, meta, action }) => (
          <li key={key} className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-2 px-5 py-3 @md:grid-cols-[auto_minmax(0,1fr)_auto]">
            {icon}
            <div>
              <div className="text-sm font-medium text-slate-900 [overflow-wrap:anywhere] @md:truncate">{name}</div>
              <div className="text-xs text-slate-500">{meta}</div>
            </div>
            <div className="col-span-2 flex flex-wrap items-center justify-end gap-x-1.5 gap-y-2 @md:col-span-1">{action}</div>
          </li>
        ))}
      </ul>
      {more && <ShowAllButton all={all} toggle={toggle} showAll={t('showAll', { count: items.length })} showFewer={t('showFewer')} />}
    </>
  );
}

/** One of the sharing page's lists: a titled card with a count and a row per item. */
export function SharingList({ title, description, items, empty, total, actions }: SharingListProps) {
  const { t } = useTranslation('sharing');
  const id = `sharing-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card aria-labelledby={id} className="flex min-w-0 flex-col">
      <CardHeader
        title={
          <span id={id} className="flex items-center gap-2">
            {title} <Badge tone="accent">{total ?? items?.length ?? 0}</Badge>
          </span>
        }
        description={description}
        actions={actions}
      />
      {items === undefined ? (
        <LoadingState label={t('loadingList', { title })} />
      ) : items.length === 0 ? (
        <p className="px-5 py-10 text-center text-sm text-slate-500">{empty}</p>
      ) : (
        <Rows title={title} items={items} />
      )}
    </Card>
  );
}
