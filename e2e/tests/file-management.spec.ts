import fs from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, expectToast, test } from './fixtures';
import { apiFolder, apiToken, apiUpload, fileRow } from './file-helpers';
import { registerViaApi, signInViaApi } from './helpers';

const text = (name: string) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(`${name} ${Math.random()}\n`) });

async function fileOf(request: APIRequestContext, token: string, id: number) {
  const res = await request.get(`/api/files/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await res.json()) as { file: { original_name: string; folder_id: number | null; tags: string[] } }).file;
}

/** Drags with the mouse, checking the drop target is highlighted while the item hovers it. */
async function dragOnto(page: Page, source: Locator, target: Locator, highlighted: RegExp) {
  await source.hover();
  await page.mouse.down();
  const box = (await target.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 8 });
  await expect(target).toHaveClass(highlighted);
  await page.mouse.up();
}

/** The outline a focused item shows, as drawn. */
const outlineOf = (item: Locator) => item.evaluate((el) => ({ style: getComputedStyle(el).outlineStyle, width: getComputedStyle(el).outlineWidth }));

test('the row or tile the keyboard is on shows it, in the list and in the grid', async ({ page, request }) => {
  const owner = await registerViaApi(request);
  await apiUpload(request, await apiToken(request, owner), [text('first.txt'), text('second.txt')]);
  await signInViaApi(page, owner);

  await fileRow(page, 'second.txt').focus();
  await page.keyboard.press('ArrowDown');
  await expect(fileRow(page, 'first.txt')).toBeFocused();
  expect(await outlineOf(fileRow(page, 'first.txt'))).toEqual({ style: 'solid', width: '2px' });

  await page.getByRole('button', { name: 'Grid' }).click();
  const tile = (name: string) => page.getByRole('listitem').filter({ hasText: name });
  await tile('second.txt').focus();
  await page.keyboard.press('ArrowDown');
  await expect(tile('first.txt')).toBeFocused();
  expect(await outlineOf(tile('first.txt'))).toEqual({ style: 'solid', width: '2px' });
});

test('renames a file inline with the keyboard: double-click or F2, Enter saves, Escape cancels', async ({ page, request }) => {
  const owner = await registerViaApi(request);
  const token = await apiToken(request, owner);
  const [id] = await apiUpload(request, token, [text('draft.txt'), text('taken.txt')]);
  await signInViaApi(page, owner);

  await fileRow(page, 'draft.txt').getByText('draft.txt', { exact: true }).dblclick();
  const field = page.getByRole('textbox', { name: 'New name for draft.txt' });
  await expect(field).toBeFocused();
  // The name is selected without its extension: typing replaces the name and keeps the type.
  await page.keyboard.type('final');
  await page.keyboard.press('Enter');
  await expect(fileRow(page, 'final.txt')).toBeVisible();
  await expect(field).toHaveCount(0);
  expect((await fileOf(request, token, id!)).original_name).toBe('final.txt');

  // F2 on the focused row; Escape leaves the name as it was.
  await expect(fileRow(page, 'final.txt')).toBeFocused();
  await page.keyboard.press('F2');
  await page.keyboard.type('abandoned');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('textbox', { name: 'New name for final.txt' })).toHaveCount(0);
  // Focus goes back to the row a frame after the field closes; F2 only reaches a focused row.
  await expect(fileRow(page, 'final.txt')).toBeFocused();

  // A refused name shows the server's reason under the field; editing goes on.
  await page.keyboard.press('F2');
  await page.keyboard.press('End');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('pdf');
  await page.keyboard.press('Enter');
  const editing = page.getByRole('row').filter({ has: page.getByRole('textbox', { name: 'New name for final.txt' }) });
  await expect(editing.getByRole('alert')).toHaveText("The new name must keep the file's type (.txt)");
  await expect(page.getByRole('textbox', { name: 'New name for final.txt' })).toBeFocused();
  await page.keyboard.press('Escape');
  expect((await fileOf(request, token, id!)).original_name).toBe('final.txt');

  // From the row's menu too.
  await fileRow(page, 'final.txt').getByRole('button', { name: 'More actions for final.txt' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  await expect(page.getByRole('textbox', { name: 'New name for final.txt' })).toBeFocused();
  await page.keyboard.type('report');
  await page.keyboard.press('Enter');
  await expect(fileRow(page, 'report.txt')).toBeVisible();

  // Names are unique in a folder, ignoring case: the clash is said where the name is typed.
  await expect(fileRow(page, 'report.txt')).toBeFocused();
  await page.keyboard.press('F2');
  await page.keyboard.type('TAKEN');
  await page.keyboard.press('Enter');
  const clashing = page.getByRole('row').filter({ has: page.getByRole('textbox', { name: 'New name for report.txt' }) });
  await expect(clashing.getByRole('alert')).toHaveText('A file named "TAKEN.txt" already exists here');
  await page.keyboard.press('Escape');
  expect((await fileOf(request, token, id!)).original_name).toBe('report.txt');
});

test('drags a file onto a folder card, then onto a breadcrumb, and it moves', async ({ page, request }) => {
  const owner = await registerViaApi(request);
  const token = await apiToken(request, owner);
  const project = await apiFolder(request, token, 'Project');
  const archive = await apiFolder(request, token, 'Archive', { parent_id: project });
  const [id] = await apiUpload(request, token, [text('plan.txt'), text('stays.txt')], { folder_id: String(project) });
  await signInViaApi(page, owner);
  await page.goto(`/folders/${project}`);

  const card = page.getByRole('list', { name: 'Subfolders of Project' }).getByRole('listitem').filter({ hasText: 'Archive' });
  await expect(card).toContainText('0 files');
  await dragOnto(page, fileRow(page, 'plan.txt'), card, /ring-accent-500/);
  await expectToast(page, '1 item moved to Archive');
  await expect(fileRow(page, 'plan.txt')).toHaveCount(0);
  await expect(fileRow(page, 'stays.txt')).toBeVisible();
  await expect(card).toContainText('1 file');
  expect((await fileOf(request, token, id!)).folder_id).toBe(archive);

  // In Archive, back up onto the "Project" crumb.
  await card.getByRole('link', { name: 'Archive' }).click();
  await expect(fileRow(page, 'plan.txt')).toBeVisible();
  const crumb = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Project' });
  await dragOnto(page, fileRow(page, 'plan.txt'), crumb, /ring-accent-500/);
  await expectToast(page, '1 item moved to Project');
  await expect(fileRow(page, 'plan.txt')).toHaveCount(0);
  expect((await fileOf(request, token, id!)).folder_id).toBe(project);
});

test('selects several files, downloads them as one zip and tags them together', async ({ page, request }) => {
  const owner = await registerViaApi(request);
  const token = await apiToken(request, owner);
  const ids = await apiUpload(request, token, [text('alpha.txt'), text('beta.txt'), text('gamma.txt')]);
  await signInViaApi(page, owner);

  // Newest first: gamma, beta, alpha. A shift-click selects the range from the last click.
  await page.getByRole('checkbox', { name: 'Select beta.txt' }).check();
  await page.getByRole('checkbox', { name: 'Select alpha.txt' }).click({ modifiers: ['Shift'] });
  const bar = page.getByRole('toolbar', { name: 'Selected files' });
  await expect(bar).toContainText('2 selected');

  const [download] = await Promise.all([page.waitForEvent('download'), bar.getByRole('button', { name: 'Download zip' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  const zip = fs.readFileSync((await download.path())!);
  expect(zip.subarray(0, 4).toString('hex')).toBe('504b0304');
  expect(zip.includes('alpha.txt')).toBe(true);
  expect(zip.includes('beta.txt')).toBe(true);
  expect(zip.includes('gamma.txt')).toBe(false);

  await bar.getByRole('button', { name: 'Tags' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tags of 2 files' });
  await dialog.getByRole('textbox', { name: 'Tags to add' }).fill('launch');
  await dialog.getByRole('textbox', { name: 'Tags to add' }).press('Enter');
  await dialog.getByRole('button', { name: 'Save tags' }).click();
  await expectToast(page, 'Tags changed on 2 files');
  await expect(fileRow(page, 'alpha.txt').getByText('launch')).toBeVisible();
  await expect(fileRow(page, 'beta.txt').getByText('launch')).toBeVisible();
  await expect(fileRow(page, 'gamma.txt').getByText('launch')).toHaveCount(0);
  expect((await fileOf(request, token, ids[2]!)).tags).toEqual([]);
  expect((await fileOf(request, token, ids[0]!)).tags).toEqual(['launch']);

  // Ctrl+A in the list selects every file on the page; Escape clears the selection.
  await fileRow(page, 'gamma.txt').click({ position: { x: 600, y: 10 } });
  await page.keyboard.press('Control+a');
  await expect(bar).toContainText('3 selected');
  await page.keyboard.press('Escape');
  await expect(bar).toHaveCount(0);
});

test('on a phone the move dialog cuts a long folder name short instead of growing past the screen', async ({ page, request }) => {
  const account = await registerViaApi(request);
  const token = await apiToken(request, account);
  const longName = 'Projects with a rather long folder name that does not fit';
  await apiFolder(request, token, longName);
  await apiUpload(request, token, [text('plan.txt')]);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInViaApi(page, account);
  await page.getByRole('button', { name: 'More actions for plan.txt' }).click();
  await page.getByRole('menuitem', { name: 'Move…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move plan.txt' });
  const option = dialog.getByText(longName);
  await expect(option).toBeVisible();
  // The name is cut within the dialog, which stays on the screen.
  expect(await option.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await expect(option).toHaveAttribute('title', longName);
  const [box, list] = [await dialog.boundingBox(), dialog.getByRole('list')];
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  expect(await list.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
});


test('copies selected files into a folder from a phone: the copies are there and the storage used stays the same', async ({ page, request }) => {
  const account = await registerViaApi(request);
  const token = await apiToken(request, account);
  const folder = await apiFolder(request, token, 'Archive');
  await apiUpload(request, token, [text('one.txt'), text('two.txt')]);
  const used = async () => ((await (await request.get('/api/auth/stats', { headers: { Authorization: `Bearer ${token}` } })).json()) as { used_storage_bytes: number }).used_storage_bytes;
  const before = await used();
  await page.setViewportSize({ width: 390, height: 844 });
  await signInViaApi(page, account);

  /** The bar's five actions stand in one row inside the screen, each label inside its button, none over its neighbour. */
  const oneRow = async (bar: Locator) => {
    const width = page.viewportSize()!.width;
    const buttons = (await bar.getByRole('button').all()).slice(0, 5);
    for (const button of buttons) expect(await button.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const boxes = await Promise.all(buttons.map(async (b) => (await b.boundingBox())!));
    expect(new Set(boxes.map((b) => Math.round(b.y))).size, `one row at ${width} px`).toBe(1);
    boxes.forEach((b, i) => expect(b.x + b.width).toBeLessThanOrEqual(i + 1 < boxes.length ? boxes[i + 1]!.x : width));
  };
  // German labels are the longest.
  await page.evaluate(() => localStorage.setItem('vault.language', 'de'));
  await page.reload();
  await page.getByRole('checkbox', { name: 'one.txt auswählen' }).check();
  const germanBar = page.getByRole('toolbar');
  await expect(germanBar.getByRole('button')).toHaveText(['Verschieben', 'Kopieren', 'Tags', 'Als ZIP laden', 'Löschen', '']);
  // The bar follows its own width: a tablet's list, and a list beside the folder tree, are narrower than the labels in line.
  for (const width of [390, 768, 1024, 1440]) {
    await page.setViewportSize({ width, height: 844 });
    // From 1024 px the folder tree joins the page: the list keeps its selection (a tablet turned).
    await expect(page.getByRole('complementary')).toHaveCount(width >= 1024 ? 1 : 0);
    await expect(page.getByRole('checkbox', { name: 'one.txt auswählen' })).toBeChecked();
    await expect(germanBar.getByRole('button')).toHaveCount(6);
    await oneRow(germanBar);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => localStorage.setItem('vault.language', 'en'));
  await page.reload();

  await page.getByRole('checkbox', { name: 'Select one.txt' }).check();
  await page.getByRole('checkbox', { name: 'Select two.txt' }).check();
  const bar = page.getByRole('toolbar', { name: 'Selected files' });
  await expect(bar.getByRole('button')).toHaveText(['Move', 'Copy', 'Tags', 'Download zip', 'Delete', '']);
  await oneRow(bar);

  await bar.getByRole('button', { name: 'Copy' }).click();
  const dialog = page.getByRole('dialog', { name: 'Copy 2 files' });
  await dialog.getByRole('radio', { name: 'Archive' }).check();
  await dialog.getByRole('button', { name: 'Copy here' }).click();
  await expectToast(page, '2 files copied to Archive');

  await page.goto(`/folders/${folder}`);
  await expect(fileRow(page, 'one.txt')).toBeVisible();
  await expect(fileRow(page, 'two.txt')).toBeVisible();
  expect(await used()).toBe(before);
});
