import { FolderClosed, Globe, LayoutDashboard, Share2, ShieldCheck, Upload, type LucideIcon } from 'lucide-react';
import type { User } from '@vault/contract';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  adminOnly?: boolean;
}

/** The navigation bar's links, in order (SPEC §2). */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/upload', label: 'Upload', icon: Upload },
  { to: '/folders', label: 'Folders', icon: FolderClosed },
  { to: '/sharing', label: 'Sharing', icon: Share2 },
  { to: '/public', label: 'Public Files', icon: Globe },
  { to: '/admin', label: 'Admin Panel', icon: ShieldCheck, adminOnly: true },
];

export function navItemsFor(user: User): NavItem[] {
  return NAV_ITEMS.filter((item) => !item.adminOnly || user.is_admin);
}
