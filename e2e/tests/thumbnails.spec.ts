import { expect, test } from './fixtures';
import { apiToken, apiUpload } from './file-helpers';
import { registerViaApi, signInViaApi } from './helpers';
import { pngImage, textFile } from './samples';

test('the grid draws a picture from its server thumbnail, never from the full download', async ({ page, request }) => {
  const account = await registerViaApi(request);
  const token = await apiToken(request, account);
  await apiUpload(request, token, [
    { name: 'sunset.png', mimeType: 'image/png', buffer: pngImage(900, 600, [234, 88, 12], [250, 204, 21]) },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: textFile('notes') },
  ]);
  const asked: string[] = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  await signInViaApi(page, account);

  await page.getByRole('button', { name: 'Grid' }).click();
  const tile = page.getByRole('listitem').filter({ hasText: 'sunset.png' });
  const picture = tile.locator('img');
  await expect(picture).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  expect(asked.filter((p) => /\/api\/files\/\d+\/download/.test(p))).toEqual([]);
  expect(asked.filter((p) => /\/api\/files\/\d+\/thumbnail/.test(p))).toHaveLength(1);

  await page.reload();
  await expect(page.getByRole('button', { name: 'Grid' })).toHaveAttribute('aria-pressed', 'true');
});
