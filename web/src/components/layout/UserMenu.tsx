import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useNavigate } from 'react-router';
import { ChevronDown, Keyboard, LogOut, Settings } from 'lucide-react';
import type { User } from '@vault/contract';
import { UserAvatar } from '../ui/UserAvatar';
import { UserIdentity } from '../ui/UserIdentity';
import { MenuChoice } from './MenuChoice';
import { useOpenShortcutsHelp } from './KeyboardShortcuts';
import { changeLanguage } from '../../i18n';
import { LANGUAGES, type Language } from '../../i18n/languages';
import { readThemePreference, saveThemePreference, THEME_PREFERENCES, type ThemePreference } from '../../theme/preference';

const ITEM =
  'flex cursor-default items-center gap-2.5 rounded-md px-2.5 py-2 text-sm outline-none select-none data-[highlighted]:bg-slate-100';

export function UserMenu({ user, onLogout }: { user: User; onLogout(): void }) {
  const { t, i18n } = useTranslation('common');
  const navigate = useNavigate();
  const openShortcuts = useOpenShortcutsHelp();
  const [theme, setTheme] = useState<ThemePreference>(readThemePreference);
  const chooseTheme = (preference: ThemePreference) => {
    saveThemePreference(preference);
    setTheme(preference);
  };
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={t('accountMenuFor', { username: user.username })}
        className="flex items-center gap-2 rounded-full p-1 transition-colors hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600 data-[state=open]:bg-slate-100 lg:pr-2"
      >
        <UserAvatar username={user.username} />
        <span className="hidden max-w-32 truncate text-sm font-medium text-slate-700 xl:block">{user.username}</span>
        <ChevronDown aria-hidden="true" className="hidden size-4 text-slate-500 lg:block" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-64 rounded-xl border border-slate-200 bg-surface p-1.5 shadow-overlay data-[state=open]:motion-safe:animate-fade-in"
        >
          <DropdownMenu.Label className="flex items-center gap-3 px-2.5 py-2">
            <UserIdentity user={user} />
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
          <DropdownMenu.Item className={`${ITEM} text-slate-700`} onSelect={() => void navigate('/settings')}>
            <Settings aria-hidden="true" className="size-4 text-slate-500" />
            {t('settings')}
          </DropdownMenu.Item>
          {openShortcuts && (
            <DropdownMenu.Item className={`${ITEM} text-slate-700`} onSelect={openShortcuts}>
              <Keyboard aria-hidden="true" className="size-4 text-slate-500" />
              {t('shortcuts.title')}
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
          <MenuChoice
            label={t('theme.label')}
            value={theme}
            options={THEME_PREFERENCES.map((p) => ({ value: p, label: t(`theme.${p}`) }))}
            onChange={chooseTheme}
          />
          <MenuChoice
            label={t('language')}
            value={i18n.language as Language}
            options={LANGUAGES.map((l) => ({ value: l.code, label: l.name }))}
            onChange={(language) => void changeLanguage(language)}
          />
          <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
          <DropdownMenu.Item className={`${ITEM} text-red-700 data-[highlighted]:bg-red-50`} onSelect={onLogout}>
            <LogOut aria-hidden="true" className="size-4" />
            {t('logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
