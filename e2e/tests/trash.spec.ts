import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectToast, test } from './fixtures';
import { apiFolder, apiToken, apiUpload, fileRow } from './file-helpers';
import { registerViaApi, signInViaApi } from './helpers';

// Each scenario signs in and waits for several round trips: more than one page's worth of steps.
test.describe.configure({ timeout: 90_000 });

const text = (name: string) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(`${name} ${Math.random()}\n`) });
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function apiDelete(request: APIRequestContext, token: string, path: string) {
  const res = await request.delete(path, { headers: auth(token) });
  expect(res.status(), await res.text()).toBe(204);
}

/** The row (table) or card of an item on the Trash page. */
function trashRow(page: Page, name: string) {
  return page.getByRole('row').or(page.getByRole('listitem')).filter({ has: page.getByText(name, { exact: true }) });
}

async function openTrash(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Trash' }).click();
  await expect(page).toHaveURL(/\/trash$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Trash' })).toBeVisible();
}

test('bulk delete moves the files to Trash, and they come back from there', async ({ page, request }) => {
  const owner = await registerViaApi(request);
  const token = await apiToken(request, owner);
  await apiUpload(request, token, [text('keep.txt'), text('one.txt'), text('two.txt')]);
  await signInViaApi(page, owner);
  await expect(page.getByText('3 files found')).toBeVisible();

  await page.getByRole('checkbox', { name: 'Select one.txt' }).check();
  await page.getByRole('checkbox', { name: 'Select two.txt' }).check();
  await page.getByRole('toolbar', { name: 'Selected files' }).getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete 2 files?' });
  await expect(confirm).toContainText('Are you sure you want to delete these 2 files? They move to Trash and stay there for 30 days.');
  await expect(confirm).not.toContainText('cannot be undone');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, '2 items moved to Trash');
  await expect(page.getByText('1 file found')).toBeVisible();
  await expect(fileRow(page, 'one.txt')).toHaveCount(0);
  // The dashboard says what Trash holds.
  await expect(page.getByRole('link', { name: /^In Trash: \d+ Bytes$/ })).toBeVisible();

  await openTrash(page);
  await expect(page.getByText('2 items,', { exact: false })).toBeVisible();
  for (const name of ['one.txt', 'two.txt']) {
    await expect(trashRow(page, name)).toContainText('Top level');
    await expect(trashRow(page, name)).toContainText('30 days left');
  }
  await page.getByRole('checkbox', { name: 'Select all items in Trash' }).check();
  await page.getByRole('toolbar', { name: 'Selected items' }).getByRole('button', { name: 'Restore' }).click();
  await expectToast(page, '2 items restored');
  await expect(page.getByText('Trash is empty.')).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByText('3 files found')).toBeVisible();
  await expect(fileRow(page, 'two.txt')).toBeVisible();
  await expect(page.getByRole('link', { name: /^In Trash/ })).toHaveCount(0);
});

test('Undo on the toast brings a deleted file straight back', async ({ page, request }) => {
  const owner = await registerViaApi(request);
  const token = await apiToken(request, owner);
  await apiUpload(request, token, [text('oops.txt')]);
  await signInViaApi(page, owner);
  await fileRow(page, 'oops.txt').getByRole('button', { name: 'Delete oops.txt' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete oops.txt?' });
  await expect(confirm).toContainText('It stays in Trash for 30 days, where you can restore it.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('“oops.txt” moved to Trash')).toBeVisible();
  await expect(fileRow(page, 'oops.txt')).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('1 item restored')).toBeVisible();
  await expect(fileRow(page, 'oops.txt')).toBeVisible();
});

test('Empty trash asks first, saying it cannot be undone, then deletes everything for good', async ({ page, request }) => {
  const owner = await registerViaApi(request);
  const token = await apiToken(request, owner);
  const [a, b] = await apiUpload(request, token, [text('old.txt'), text('older.txt')]);
  const folder = await apiFolder(request, token, 'Archive');
  for (const id of [a, b]) await apiDelete(request, token, `/api/files/${id}`);
  await apiDelete(request, token, `/api/folders/${folder}`);
  await signInViaApi(page, owner);
  await openTrash(page);
  await expect(trashRow(page, 'Archive')).toContainText('0 files, 0 folders, 0 Bytes');

  await page.getByRole('button', { name: 'Empty trash' }).click();
  const confirm = page.getByRole('dialog', { name: 'Empty trash?' });
  await expect(confirm).toContainText('All 3 items in Trash are deleted for good');
  await expect(confirm).toContainText('This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(trashRow(page, 'old.txt')).toBeVisible();

  await page.getByRole('button', { name: 'Empty trash' }).click();
  await confirm.getByRole('button', { name: 'Empty trash' }).click();
  await expect(page.getByText('Trash emptied: 3 items deleted for good')).toBeVisible();
  await expect(page.getByText('Trash is empty.')).toBeVisible();
  await expect(page.getByText('Deleted files and folders stay here for 30 days.')).toBeVisible();
  const list = await request.get('/api/trash', { headers: auth(token) });
  expect(((await list.json()) as { items: unknown[] }).items).toEqual([]);
});

test('a file whose folder was deleted meanwhile is restored to the top level', async ({ page, request }) => {
  const owner = await registerViaApi(request);
  const token = await apiToken(request, owner);
  const folder = await apiFolder(request, token, 'Projects');
  const [file] = await apiUpload(request, token, [text('plan.txt')], { folder_id: String(folder) });
  await apiDelete(request, token, `/api/files/${file}`);
  await signInViaApi(page, owner);
  await openTrash(page);
  await expect(trashRow(page, 'plan.txt').getByRole('link', { name: 'Projects' })).toHaveAttribute('href', `/folders/${folder}`);

  // Its folder goes to Trash too: the file's place is gone, so Restore puts it at the top level.
  // The page follows without a reload (trash_changed).
  await apiDelete(request, token, `/api/folders/${folder}`);
  await expect(trashRow(page, 'plan.txt')).toContainText('Its folder was deleted: it will be restored to the top level');
  await expect(trashRow(page, 'Projects')).toContainText('Top level');

  await trashRow(page, 'plan.txt').getByRole('button', { name: 'Restore plan.txt' }).click();
  await expect(page.getByText('1 item restored')).toBeVisible();
  await expect(trashRow(page, 'plan.txt')).toHaveCount(0);
  await expect(trashRow(page, 'Projects')).toBeVisible();
  const res = await request.get(`/api/files/${file}`, { headers: auth(token) });
  expect(((await res.json()) as { file: { folder_id: number | null } }).file.folder_id).toBeNull();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(fileRow(page, 'plan.txt')).toBeVisible();
});
