import { expect, test } from './fixtures';
import { apiToken, apiUpload, fileRow } from './file-helpers';
import { registerViaApi, signInViaApi } from './helpers';
import { pngImage } from './samples';

test('the preview shows Markdown and CSV, steps with the arrow keys, fills the dialog with the picture, and Back closes it', async ({ page, request }) => {
  const account = await registerViaApi(request);
  const token = await apiToken(request, account);
  // One upload each, oldest first: the dashboard lists the newest first.
  const [photoId] = await apiUpload(request, token, [{ name: 'photo.png', mimeType: 'image/png', buffer: pngImage(120, 80, [14, 165, 233], [236, 72, 153]) }]);
  const [csvId] = await apiUpload(request, token, [{ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from('name,city\nAda,"London, UK"\nGrace,Arlington\n') }]);
  const [mdId] = await apiUpload(request, token, [
    { name: 'readme.md', mimeType: 'text/markdown', buffer: Buffer.from('# Read me\n\nSome **bold** text.\n\n<img src=x onerror="alert(1)">\n') },
  ]);
  await signInViaApi(page, account);

  await fileRow(page, 'readme.md').getByRole('button', { name: 'Preview readme.md' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toHaveAccessibleName('readme.md');
  await expect(page).toHaveURL(new RegExp(`/dashboard\\?preview=${mdId}$`));
  const markdown = dialog.getByRole('region', { name: 'Preview of readme.md' });
  await expect(markdown.getByRole('heading', { level: 1, name: 'Read me' })).toBeVisible();
  await expect(markdown.locator('strong')).toHaveText('bold');
  // Raw HTML is text, never an element.
  await expect(markdown).toContainText('<img src=x onerror="alert(1)">');
  await expect(markdown.locator('img')).toHaveCount(0);
  await expect(dialog.getByRole('group', { name: 'Files in this list' })).toContainText('1 of 3');

  await page.keyboard.press('ArrowRight');
  await expect(dialog).toHaveAccessibleName('people.csv');
  await expect(page).toHaveURL(new RegExp(`\\?preview=${csvId}$`));
  const table = dialog.getByRole('table', { name: 'people.csv' });
  await expect(table.getByRole('columnheader')).toHaveText(['name', 'city']);
  await expect(table.getByRole('row').nth(1).getByRole('cell')).toHaveText(['Ada', 'London, UK']);

  await page.keyboard.press('ArrowRight');
  await expect(dialog).toHaveAccessibleName('photo.png');
  await expect(page).toHaveURL(new RegExp(`\\?preview=${photoId}$`));
  const img = dialog.getByRole('img', { name: 'Preview of photo.png' });
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(120);
  // A 120×80 picture is drawn as large as the dialog allows, not at its own size.
  const box = (await img.boundingBox())!;
  expect(box.height).toBeGreaterThan(300);

  // The facts panel folds away and the picture takes its room.
  await expect(dialog.getByRole('complementary', { name: 'Details' })).toContainText('image/png');
  await dialog.getByRole('button', { name: 'Hide details' }).click();
  await expect(dialog.getByRole('complementary', { name: 'Details' })).toBeHidden();
  expect((await img.boundingBox())!.width).toBeGreaterThan(box.width);

  // Stepping replaced the history entry: Back closes the preview and stays on the dashboard.
  await page.goBack();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(fileRow(page, 'readme.md')).toBeVisible();
});
