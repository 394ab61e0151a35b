import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiSession, type Account } from './helpers';

export interface SampleFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export async function apiToken(request: APIRequestContext, account: Pick<Account, 'username' | 'password'>): Promise<string> {
  return (await apiSession(request, account)).token;
}

/** Uploads through the API (for tests whose subject is not the upload page); returns the new file ids. */
export async function apiUpload(
  request: APIRequestContext,
  token: string,
  files: SampleFile[],
  fields: Record<string, string | string[]> = {},
): Promise<number[]> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) for (const v of [value].flat()) form.append(key, v);
  for (const f of files) form.append('files', new Blob([new Uint8Array(f.buffer)], { type: f.mimeType }), f.name);
  const response = await request.post('/api/files/upload', { headers: { Authorization: `Bearer ${token}` }, multipart: form });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { files: { id: number }[] }).files.map((f) => f.id);
}

/** Creates a folder through the API (for tests whose subject is not the folder form); returns its id. */
export async function apiFolder(request: APIRequestContext, token: string, name: string, fields: { parent_id?: number; is_public?: boolean } = {}): Promise<number> {
  const response = await request.post('/api/folders', { headers: { Authorization: `Bearer ${token}` }, data: { name, ...fields } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { folder: { id: number } }).folder.id;
}

/** Uploads one text file through the Upload page, confirming it; the caller awaits what follows. */
export async function uploadThroughPage(page: Page, name: string, text: string) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Upload' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Upload Files' })).toBeVisible();
  await page.getByLabel('Files to upload', { exact: true }).setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(text) });
  await page.getByRole('button', { name: 'Upload 1 file' }).click();
  await page.getByRole('dialog', { name: 'Confirm Upload' }).getByRole('button', { name: 'Upload Files' }).click();
}

/** The row (table) or card of a file in the list. */
export function fileRow(page: Page, name: string): Locator {
  return page.getByRole('row').or(page.getByRole('listitem')).filter({ has: page.getByText(name, { exact: true }) });
}

/** The value shown in one of the Storage Analytics tiles. */
export function analyticsTile(page: Page, label: string): Locator {
  return page.getByRole('term').filter({ hasText: label }).locator('xpath=following-sibling::dd[1]');
}

/** A file row's cell under the column whose header reads `header` (columns vary with the page and selection mode). */
export async function cellUnder(page: Page, name: string, header: string): Promise<Locator> {
  const headers = (await page.getByRole('columnheader').allTextContents()).map((text) => text.trim().toLowerCase());
  const index = headers.indexOf(header.toLowerCase());
  expect(index, `no column "${header}" in ${headers.join(', ')}`).toBeGreaterThanOrEqual(0);
  return fileRow(page, name).getByRole('cell').nth(index);
}
