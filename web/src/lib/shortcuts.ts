// The page-wide keyboard shortcuts: which key does what, and when a key is not a shortcut.

export type ShortcutAction = 'search' | 'upload' | 'newFolder' | 'help';

const KEYS: Record<string, ShortcutAction> = { '/': 'search', u: 'upload', n: 'newFolder', '?': 'help' };

/** Keys typed into a field are the field's (a checkbox types nothing). */
export function isTyping(el: Element): boolean {
  return el.closest('input:not([type="checkbox"]):not([type="radio"]), textarea, select, [contenteditable=""], [contenteditable="true"]') !== null;
}

/** Inside an open dialog or menu, keys are for that dialog or menu. */
const inOverlay = (el: Element) => el.closest('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]') !== null;

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
  defaultPrevented: boolean;
}

/** Whether a key press may be a shortcut: no Ctrl, Cmd or Alt, and not typed into a field or an overlay. Shift is allowed: some layouts need it for / and ?. */
export function mayBeShortcut(event: KeyPress): boolean {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return false;
  const target = event.target instanceof Element ? event.target : null;
  return target === null || (!isTyping(target) && !inOverlay(target));
}

/** The action a key press asks for, if any. */
export function shortcutOf(event: KeyPress): ShortcutAction | null {
  if (!mayBeShortcut(event)) return null;
  return KEYS[event.key] ?? null;
}
