// Not through current-module/public.ts: the picker (Headless UI) must stay in this lazy chunk.
import { ModulePicker } from '@/areas/school/current-module/components/module-picker';
import { NotificationsPopover } from './notifications-popover';
import { ThemePicker } from './theme-picker';
import { UserMenu } from './user-menu';

/**
 * The header's menus (module picker, notifications, theme, account): all of Headless UI and its
 * positioning code, ~45 KB gzip. Loaded by the header right after the first render, so a page (the
 * student survey form above all, issue 4: < 200 KB gzip of initial JavaScript) shows and works
 * without waiting for it.
 */
export default function HeaderActions({ compact }: { compact: boolean }) {
  return (
    <>
      <ModulePicker compact={compact} />
      <NotificationsPopover />
      <ThemePicker />
      <UserMenu />
    </>
  );
}
