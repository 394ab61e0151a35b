import { describe, expect, it } from 'vitest';
import { shortcutOf, type KeyPress } from './shortcuts';

const press = (key: string, over: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  target: document.body,
  defaultPrevented: false,
  ...over,
});

function inside(html: string, selector: string): Element {
  document.body.innerHTML = html;
  return document.querySelector(selector)!;
}

describe('shortcutOf', () => {
  it('maps / u n ? to their actions, Shift allowed', () => {
    expect(shortcutOf(press('/'))).toBe('search');
    expect(shortcutOf(press('u'))).toBe('upload');
    expect(shortcutOf(press('n'))).toBe('newFolder');
    expect(shortcutOf(press('?'))).toBe('help');
    expect(shortcutOf(press('x'))).toBeNull();
    expect(shortcutOf(press('U'))).toBeNull();
  });

  it('never fires with Ctrl, Cmd or Alt', () => {
    expect(shortcutOf(press('u', { ctrlKey: true }))).toBeNull();
    expect(shortcutOf(press('n', { metaKey: true }))).toBeNull();
    expect(shortcutOf(press('/', { altKey: true }))).toBeNull();
  });

  it('never fires while typing in an input, textarea, select or contenteditable, nor inside a dialog or menu', () => {
    expect(shortcutOf(press('u', { target: inside('<input type="text">', 'input') }))).toBeNull();
    expect(shortcutOf(press('u', { target: inside('<input type="search">', 'input') }))).toBeNull();
    expect(shortcutOf(press('n', { target: inside('<textarea></textarea>', 'textarea') }))).toBeNull();
    expect(shortcutOf(press('n', { target: inside('<div contenteditable="true"><b>x</b></div>', 'b') }))).toBeNull();
    expect(shortcutOf(press('?', { target: inside('<div role="dialog"><button>ok</button></div>', 'button') }))).toBeNull();
    expect(shortcutOf(press('u', { target: inside('<input type="checkbox">', 'input') }))).toBe('upload');
  });

  it('leaves keys another handler already took', () => {
    expect(shortcutOf(press('u', { defaultPrevented: true }))).toBeNull();
  });
});
