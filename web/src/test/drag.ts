import { fireEvent } from '@testing-library/react';

/** A DataTransfer stand-in (jsdom has none) holding what the app's own drags carry. */
export function itemsTransfer(items: { file_ids: number[]; folder_ids: number[] }) {
  const data: Record<string, string> = { 'application/x-vault-items': JSON.stringify(items) };
  return { types: Object.keys(data), getData: (type: string) => data[type] ?? '', setData: () => undefined, dropEffect: 'none', effectAllowed: 'all' };
}

/** A drag from the computer: files, no app data. */
export function filesTransfer(files: File[]) {
  return { types: ['Files'], files, items: files.map((file) => ({ kind: 'file', type: file.type, getAsFile: () => file })), getData: () => '', dropEffect: 'none', effectAllowed: 'all' };
}

/** Drags over an element and drops there, as a browser sends it. */
export function dropOn(target: Element, dataTransfer: object) {
  fireEvent.dragEnter(target, { dataTransfer });
  fireEvent.dragOver(target, { dataTransfer });
  fireEvent.drop(target, { dataTransfer });
}
