import fs from 'node:fs/promises';
import { expect, expectToast, test } from './fixtures';
import { analyticsTile, apiFolder, apiToken, apiUpload, cellUnder, fileRow } from './file-helpers';
import { registerViaApi, signInViaApi } from './helpers';
import { pdfDocument, pngImage, textFile } from './samples';

test('uploading two identical files and a third shows DEDUPED and the savings', async ({ page, request }) => {
  const account = await registerViaApi(request);
  await signInViaApi(page, account);
  await expect(analyticsTile(page, 'Space Saved')).toHaveText('0 Bytes');
  await expect(analyticsTile(page, 'Efficiency')).toHaveText('0.0%');

  const photo = pngImage(64, 48, [79, 70, 229], [14, 165, 233]);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Upload' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Upload Files' })).toBeVisible();
  await page.getByLabel('Files to upload', { exact: true }).setInputFiles([
    { name: 'photo.png', mimeType: 'image/png', buffer: photo },
    { name: 'photo-copy.png', mimeType: 'image/png', buffer: photo },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: textFile('notes') },
  ]);
  await expect(page.getByRole('list', { name: 'Selected files' }).getByText('Ready')).toHaveCount(3);
  await page.getByRole('textbox', { name: 'Tags' }).fill('holiday');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Upload 3 files' }).click();

  const confirm = page.getByRole('dialog', { name: 'Confirm Upload' });
  await expect(confirm).toContainText('No folder (root)');
  await expect(confirm).toContainText('Private');
  await expect(confirm).toContainText('holiday');
  // Each file reads Uploaded for the 2 s before the dashboard opens: looked for from the click on.
  const uploaded = expect(page.getByRole('list', { name: 'Selected files' }).getByText('Uploaded')).toHaveCount(3);
  await confirm.getByRole('button', { name: 'Upload Files' }).click();

  await expectToast(page, 'Files uploaded successfully!');
  await uploaded;
  await expect(page).toHaveURL(/\/dashboard$/);

  await expect(page.getByText('3 files found')).toBeVisible();
  const copy = fileRow(page, 'photo-copy.png');
  await expect(copy.getByText('DEDUPED')).toBeVisible();
  await expect(copy.getByText('2 references')).toBeVisible();
  await expect(fileRow(page, 'photo.png').getByText('DEDUPED')).toHaveCount(0);
  await expect(fileRow(page, 'notes.txt').getByText('DEDUPED')).toHaveCount(0);
  await expect(fileRow(page, 'notes.txt').getByText('holiday')).toBeVisible();

  expect(photo.length).toBeLessThan(1024);
  await expect(analyticsTile(page, 'Space Saved')).toHaveText(`${photo.length} Bytes`);
  await expect(analyticsTile(page, 'Deduplication Rate')).toHaveText('33.3%');
  await expect(analyticsTile(page, 'Efficiency')).not.toHaveText('0.0%');
});

test('the summary cards show their figures whole beside the folder tree', async ({ page, request }) => {
  const account = await registerViaApi(request);
  const token = await apiToken(request, account);
  // Sizes print longest with five figures and a unit, such as "104.05 KB".
  await apiUpload(request, token, [{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.alloc(106_548, 'a') }]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInViaApi(page, account);
  const value = (label: string) => page.getByText(label, { exact: true }).locator('xpath=following-sibling::p[1]');
  await expect(value('Storage Used')).toHaveText('104.05 KB');
  for (const label of ['Total Files', 'Storage Used', 'Storage Quota', 'Files Found']) {
    const cut = await value(label).evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(cut, `${label} is cut short`).toBe(false);
  }
});

test('previews an image and a PDF, and downloads the exact bytes', async ({ page, request }) => {
  const account = await registerViaApi(request);
  const token = await apiToken(request, account);
  const image = pngImage(120, 80, [251, 146, 60], [236, 72, 153]);
  const pdf = pdfDocument('Preview me');
  await apiUpload(request, token, [
    { name: 'sunset.png', mimeType: 'image/png', buffer: image },
    { name: 'paper.pdf', mimeType: 'application/pdf', buffer: pdf },
  ]);
  await signInViaApi(page, account);

  await fileRow(page, 'sunset.png').getByRole('button', { name: 'Preview sunset.png' }).click();
  const imageDialog = page.getByRole('dialog', { name: 'sunset.png' });
  await expect(imageDialog).toContainText('image/png');
  const img = imageDialog.getByRole('img', { name: 'Preview of sunset.png' });
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(120);
  const imageUrl = await img.getAttribute('src');
  expect(imageUrl).toMatch(/^blob:/);
  await imageDialog.getByRole('button', { name: 'Hide details' }).click();
  await expect(imageDialog).not.toContainText('image/png');
  await imageDialog.getByRole('button', { name: 'Show details' }).click();
  await expect(imageDialog).toContainText('image/png');
  await page.keyboard.press('Escape');
  await expect(imageDialog).toBeHidden();
  // Closing revoked the blob URL: it no longer loads.
  const loads = (url: string) =>
    new Promise((resolve) => {
      const probe = new Image();
      probe.onload = () => resolve('alive');
      probe.onerror = () => resolve('revoked');
      probe.src = url;
    });
  expect(await page.evaluate(loads, imageUrl!)).toBe('revoked');

  await fileRow(page, 'paper.pdf').getByRole('button', { name: 'Preview paper.pdf' }).click();
  const pdfDialog = page.getByRole('dialog', { name: 'paper.pdf' });
  const frame = pdfDialog.locator('iframe[title="Preview of paper.pdf"]');
  await expect(frame).toBeVisible();
  // The file's own preview link, which the server names the file in, not a blob: URL the viewer would name by a random id.
  expect(await frame.getAttribute('src')).toMatch(/^\/api\/files\/\d+\/download\?dl=[^&]+&inline=1#view=FitH$/);
  // Chromium's PDF viewer took the document (its extension page runs inside the frame) and titles it, and a copy saved from it, after the file.
  const viewer = () => page.frames().find((f) => f.url().startsWith('chrome-extension://') && f.url().endsWith('/index.html'));
  await expect.poll(async () => (await viewer()?.title()) ?? null).toBe('paper.pdf');

  const downloading = page.waitForEvent('download');
  await pdfDialog.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('paper.pdf');
  expect(await fs.readFile((await download.path())!)).toEqual(pdf);
  await expectToast(page, 'File downloaded successfully!');
  await page.keyboard.press('Escape');

  const again = page.waitForEvent('download');
  await fileRow(page, 'sunset.png').getByRole('button', { name: 'Download sunset.png' }).click();
  const second = await again;
  expect(second.suggestedFilename()).toBe('sunset.png');
  expect(await fs.readFile((await second.path())!)).toEqual(image);
  // The count shows up once the browser's request has been counted.
  await expect(await cellUnder(page, 'sunset.png', 'Downloads')).toHaveText('1');
});

test('filters by type, tag and size, and the filters survive a reload', async ({ page, request }) => {
  const account = await registerViaApi(request);
  const token = await apiToken(request, account);
  await apiUpload(request, token, [{ name: 'tiny.txt', mimeType: 'text/plain', buffer: textFile('tiny') }], { tags: ['work'] });
  await apiUpload(request, token, [{ name: 'chart.png', mimeType: 'image/png', buffer: pngImage(20, 20, [0, 0, 0], [255, 255, 255]) }], { tags: ['work'] });
  await apiUpload(request, token, [{ name: 'big.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([pdfDocument('big'), Buffer.alloc(1_200_000, 32)]) }], {
    tags: ['archive'],
  });
  await signInViaApi(page, account);
  await expect(page.getByText('3 files found')).toBeVisible();

  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByLabel('File type').selectOption('image/png');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('1 file found')).toBeVisible();
  await expect(fileRow(page, 'chart.png')).toBeVisible();
  await expect(page).toHaveURL(/mime_type=image%2Fpng/);

  await page.getByLabel('File type').selectOption('');
  await page.getByRole('textbox', { name: 'Tags' }).fill('work');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByText('2 files found')).toBeVisible();
  await expect(fileRow(page, 'big.pdf')).toHaveCount(0);

  await page.getByRole('textbox', { name: 'Tags' }).fill('');
  await page.getByLabel('Size').selectOption({ label: '1 MB – 10 MB' });
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByText('1 file found')).toBeVisible();
  await expect(fileRow(page, 'big.pdf')).toBeVisible();
  await expect(page).toHaveURL(/min_size=1048576&max_size=10485760/);

  await page.reload();
  await expect(page.getByText('1 file found')).toBeVisible();
  await expect(fileRow(page, 'big.pdf')).toBeVisible();
  await page.getByRole('button', { name: /Filters/ }).click();
  await expect(page.getByLabel('Size')).toHaveValue('1-10mb');

  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByText('3 files found')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('sharing a file with another user lets them see it', async ({ page, browser, request }) => {
  const owner = await registerViaApi(request);
  const friend = await registerViaApi(request);
  const token = await apiToken(request, owner);
  await apiUpload(request, token, [{ name: 'plan.txt', mimeType: 'text/plain', buffer: textFile('the plan') }]);
  await signInViaApi(page, owner);

  await fileRow(page, 'plan.txt').getByRole('button', { name: 'Share plan.txt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share file' });
  await expect(dialog.getByRole('radio', { name: /Private/ })).toBeChecked();
  await dialog.getByLabel('Share with people').fill(friend.username);
  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Update Sharing' }).click();
  await expectToast(page, 'File sharing updated successfully!');
  await expect(dialog).toBeHidden();

  // Opening the dialog again shows the saved state.
  await fileRow(page, 'plan.txt').getByRole('button', { name: 'Share plan.txt' }).click();
  await expect(dialog.getByRole('list', { name: 'Shared with' })).toHaveText(new RegExp(friend.username));
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const other = await browser.newContext();
  const friendPage = await other.newPage();
  await signInViaApi(friendPage, friend);
  // The recipient's dashboard lists their own files; what others share is on the Sharing page.
  await expect(friendPage.getByText('No files found')).toBeVisible();
  await friendPage.goto('/sharing');
  const row = fileRow(friendPage, 'plan.txt');
  await expect(row).toBeVisible();
  await expect(row).toContainText(owner.username);
  await expect(row.getByRole('button', { name: 'Download plan.txt' })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Delete plan.txt' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Share plan.txt' })).toHaveCount(0);
  await other.close();
});

test('deleting a file asks first', async ({ page, request }) => {
  const account = await registerViaApi(request);
  const token = await apiToken(request, account);
  await apiUpload(request, token, [
    { name: 'keep.txt', mimeType: 'text/plain', buffer: textFile('keep') },
    { name: 'drop.txt', mimeType: 'text/plain', buffer: textFile('drop') },
  ]);
  await signInViaApi(page, account);
  await expect(page.getByText('2 files found')).toBeVisible();

  await fileRow(page, 'drop.txt').getByRole('button', { name: 'Delete drop.txt' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Are you sure you want to delete this file?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(fileRow(page, 'drop.txt')).toBeVisible();

  await fileRow(page, 'drop.txt').getByRole('button', { name: 'Delete drop.txt' }).click();
  // Deleting moves the file to Trash (TRASH_DAYS defaults to 30).
  await expect(confirm).toContainText('It stays in Trash for 30 days, where you can restore it.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, '“drop.txt” moved to Trash');
  await expect(fileRow(page, 'drop.txt')).toHaveCount(0);
  await expect(page.getByText('1 file found')).toBeVisible();
  await expect(fileRow(page, 'keep.txt')).toBeVisible();
});

test.describe('on a 390 px wide screen', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('files show as cards with their actions', async ({ page, request }) => {
    const account = await registerViaApi(request);
    const token = await apiToken(request, account);
    await apiUpload(request, token, [{ name: 'phone.txt', mimeType: 'text/plain', buffer: textFile('phone') }], { is_public: 'true' });
    await signInViaApi(page, account);
    await expect(page.getByRole('table')).toHaveCount(0);
    const card = page.getByRole('list', { name: 'Your files' }).getByRole('listitem').filter({ hasText: 'phone.txt' });
    await expect(card).toContainText('PUBLIC');
    await expect(card.getByRole('button', { name: 'Copy public link phone.txt' })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });

  test('the Public Files figures sit in one row, level with each other, in German too', async ({ page }) => {
    await page.goto('/login');
    await page.evaluate(() => localStorage.setItem('vault.language', 'de'));
    await page.goto('/public');
    const labels = ['Öffentliche Dateien', 'Downloads gesamt', 'Angezeigt'];
    const figures = [];
    for (const label of labels) {
      // The figure is the element after its label.
      const figure = page.locator('p', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::p[1]');
      await expect(figure).toHaveText(/\d/);
      figures.push((await figure.boundingBox())!);
    }
    // One row, not three cards stacked above the files: the figures line up whatever lines their labels take.
    expect(new Set(figures.map((box) => Math.round(box.y))).size).toBe(1);
    expect(figures[2]!.x + figures[2]!.width).toBeLessThanOrEqual(390);
  });

  test("a file's page says why it is public, whole, in its narrow facts column", async ({ page, request }) => {
    const account = await registerViaApi(request);
    const token = await apiToken(request, account);
    const folder = await apiFolder(request, token, 'Summer holiday photos', { is_public: true });
    const [id] = await apiUpload(request, token, [{ name: 'beach.txt', mimeType: 'text/plain', buffer: textFile('beach') }], { folder_id: String(folder) });
    await signInViaApi(page, account);
    await page.goto(`/files/${id}`);
    const fact = page.getByRole('definition').filter({ hasText: 'Public through the folder Summer holiday photos' });
    await expect(fact).toBeVisible();
    // Neither cut off nor spilling out of its column.
    expect(await fact.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  });
});
