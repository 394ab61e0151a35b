import { FolderClosed, Globe, LayoutDashboard, Share2, ShieldCheck, Star, Trash2, Upload, type LucideIcon } from 'lucide-react';
import type { User } from '@vault/contract';

export interface NavItem {
  to: string;
  /** The link's text, a key of the common texts. */
  label: 'nav.dashboard' | 'nav.upload' | 'nav.folders' | 'nav.starred' | 'nav.sharing' | 'nav.public' | 'nav.trash' | 'nav.admin';
  icon: LucideIcon;
  adminOnly?: boolean;
  /** The place is switched off on this installation (Trash with TRASH_DAYS=0): the link says so. */
  off?: boolean;
}

/** The navigation bar's links, in order: Dashboard, Upload, Folders, Starred (beside the folders it picks from), Sharing, Public Files, Trash, and Admin Panel for administrators. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/dashboard', label: 'nav.dashboard', icon: LayoutDashboard },
  { to: '/upload', label: 'nav.upload', icon: Upload },
  { to: '/folders', label: 'nav.folders', icon: FolderClosed },
  { to: '/starred', label: 'nav.starred', icon: Star },
  { to: '/sharing', label: 'nav.sharing', icon: Share2 },
  { to: '/public', label: 'nav.public', icon: Globe },
  { to: '/trash', label: 'nav.trash', icon: Trash2 },
  { to: '/admin', label: 'nav.admin', icon: ShieldCheck, adminOnly: true },
];

/** The links this user sees; with `trashOff` the Trash link says Trash is off. */
export function navItemsFor(user: User, trashOff = false): NavItem[] {
  return NAV_ITEMS.filter((item) => !item.adminOnly || user.is_admin).map((item) => (trashOff && item.to === '/trash' ? { ...item, off: true } : item));
}
