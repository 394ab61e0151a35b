import type { ComponentType } from 'react';
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

/** SPEC §4 admin tabs, in order. */
const TABS: { value: string; label: string; icon: LucideIcon; Panel: ComponentType }[] = [
  { value: 'overview', label: 'Overview', icon: LayoutDashboard, Panel: OverviewTab },
  { value: 'files', label: 'All Files', icon: Files, Panel: FilesTab },
  { value: 'users', label: 'Users', icon: Users, Panel: UsersTab },
  { value: 'analytics', label: 'Analytics', icon: BarChart3, Panel: AnalyticsTab },
  { value: 'activity', label: 'Activity', icon: Activity, Panel: ActivityTab },
];

/**
 * /admin. Only the active tab's panel is mounted, so only its data is loaded;
 * the tab lives in the URL (?tab=) so it survives a reload and can be linked.
 */
export function AdminPage() {
  useDocumentTitle('Admin Panel');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const active = TABS.some((t) => t.value === requested) ? requested! : 'overview';

  return (
    <>
      <PageHeader title="Admin Panel" description="System statistics, every file, every user and the audit log." />
      <Tabs.Root value={active} onValueChange={(tab) => setParams(tab === 'overview' ? {} : { tab }, { replace: true })}>
        <Tabs.List
          aria-label="Admin sections"
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
              {label}
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
