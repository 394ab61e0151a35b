import { FolderClosed, Globe, LayoutDashboard, Share2, ShieldCheck, Upload, type LucideIcon } from 'lucide-react';
import type { User } from '@vault/contract';

export interface NavItem {
  to: string;
  /** The link's text, a key of the common texts. */
  label: 'nav.dashboard' | 'nav.upload' | 'nav.folders' | 'nav.sharing' | 'nav.public' | 'nav.admin';
  icon: LucideIcon;
  adminOnly?: boolean;
}

/** The navigation bar's links, in order: Dashboard, Upload, Folders, Sharing, Public Files, and Admin Panel for administrators. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/dashboard', label: 'nav.dashboard', icon: LayoutDashboard },
  { to: '/upload', label: 'nav.upload', icon: Upload },
  { to: '/folders', label: 'nav.folders', icon: FolderClosed },
  { to: '/sharing', label: 'nav.sharing', icon: Share2 },
  { to: '/public', label: 'nav.public', icon: Globe },
  { to: '/admin', label: 'nav.admin', icon: ShieldCheck, adminOnly: true },
];

export function navItemsFor(user: User): NavItem[] {
  return NAV_ITEMS.filter((item) => !item.adminOnly || user.is_admin);
}
