import { useTranslation } from 'react-i18next';
import { useLayoutEffect, useRef, type ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import * as Tabs from '@radix-ui/react-tabs';
import { Activity, BarChart3, Files, LayoutDashboard, Users, type LucideIcon } from 'lucide-react';
import clsx from 'clsx';
import { PageHeader } from '../components/ui/PageHeader';
import { OverviewTab } from '../components/admin/OverviewTab';
import { FilesTab } from '../components/admin/FilesTab';
import { UsersTab } from '../components/admin/UsersTab';
import { AnalyticsTab } from '../components/admin/AnalyticsTab';
import { ActivityTab } from '../components/admin/ActivityTab';
import { useDocumentTitle } from '../lib/use-document-title';

/** The Admin Panel's tabs, in order. */
const TABS = [
  { value: 'overview', label: 'tab.overview', icon: LayoutDashboard, Panel: OverviewTab },
  { value: 'files', label: 'tab.files', icon: Files, Panel: FilesTab },
  { value: 'users', label: 'tab.users', icon: Users, Panel: UsersTab },
  { value: 'analytics', label: 'tab.analytics', icon: BarChart3, Panel: AnalyticsTab },
  { value: 'activity', label: 'tab.activity', icon: Activity, Panel: ActivityTab },
] as const satisfies readonly { value: string; label: string; icon: LucideIcon; Panel: ComponentType }[];

/**
 * Scrolls a strip of tabs sideways to show its active tab whole: on a phone
 * the strip is wider than the screen, and a linked tab (?tab=activity) would
 * otherwise open out of sight.
 */
function revealActiveTab(list: HTMLElement) {
  const tab = list.querySelector('[data-state="active"]');
  if (!tab) return;
  const strip = list.getBoundingClientRect();
  const box = tab.getBoundingClientRect();
  const padding = parseFloat(getComputedStyle(list).paddingRight) || 0;
  if (box.right > strip.right - padding) list.scrollLeft += box.right - strip.right + padding;
  else if (box.left < strip.left + padding) list.scrollLeft -= strip.left + padding - box.left;
}

/**
 * /admin. Only the active tab's panel is mounted, so only its data is loaded;
 * the tab lives in the URL (?tab=) so it survives a reload and can be linked.
 */
export function AdminPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('documentTitle'));
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const active = TABS.some((t) => t.value === requested) ? requested! : 'overview';
  const tabList = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (tabList.current) revealActiveTab(tabList.current);
  }, [active]);

  return (
    <>
      <PageHeader title={t('adminPanel')} description={t('systemStatisticsEveryFileEvery')} />
      <Tabs.Root value={active} onValueChange={(tab) => setParams(tab === 'overview' ? {} : { tab }, { replace: true })}>
        <Tabs.List
          ref={tabList}
          aria-label={t('adminSections')}
          className="-mx-4 mb-6 flex gap-1 overflow-x-auto border-b border-slate-200 px-4 sm:mx-0 sm:px-0"
        >
          {TABS.map(({ value, label, icon: Icon }) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className={clsx(
                '-mb-px flex shrink-0 items-center gap-2 border-b-2 px-2 py-2.5 sm:px-3 text-sm font-medium whitespace-nowrap transition-colors',
                'focus-visible:rounded-t-md focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent-600',
                'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
                'data-[state=active]:border-accent-600 data-[state=active]:text-accent-700',
              )}
            >
              <Icon aria-hidden="true" className="hidden size-4 sm:block" />
              {t(label)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map(({ value, Panel }) => (
          <Tabs.Content key={value} value={value} className="focus-visible:outline-none">
            <Panel />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </>
  );
}
