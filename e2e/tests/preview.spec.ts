import fs from 'node:fs';
import path from 'node:path';
import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiToken, apiUpload, fileRow } from './file-helpers';
import { registerViaApi, signInViaApi } from './helpers';
import { pngImage, wavTone } from './samples';

/** One second of VP8 at 96×64 (ffmpeg -f lavfi -i testsrc=size=96x64:rate=10:duration=1 -c:v libvpx -b:v 40k -an), 5 KB. */
const CLIP = path.join(import.meta.dirname, '../assets/clip.webm');

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

/** What a player has read of its file: whether it knows the length, and how long. */
function metadataOf(player: Locator) {
  return player.evaluate((el: HTMLMediaElement) => ({ ready: el.readyState >= HTMLMediaElement.HAVE_METADATA, duration: Number.isFinite(el.duration) ? el.duration : null }));
}

test('plays a WAV and a WebM in the preview from their preview links, by ranges, and stepping away stops the sound', async ({ page, request }) => {
  const account = await registerViaApi(request);
  const token = await apiToken(request, account);
  // Oldest first: the dashboard lists the newest first, so the WAV comes before the video.
  const [clipId] = await apiUpload(request, token, [{ name: 'clip.webm', mimeType: 'video/webm', buffer: fs.readFileSync(CLIP) }]);
  const [songId] = await apiUpload(request, token, [{ name: 'song.wav', mimeType: 'audio/wav', buffer: wavTone(2) }]);
  const ranges: { id: number; range: string | null; status: number }[] = [];
  page.on('response', async (response) => {
    const match = /\/api\/files\/(\d+)\/download\?dl=[^&]+&inline=1$/.exec(response.url());
    if (match) ranges.push({ id: Number(match[1]), range: await response.request().headerValue('range'), status: response.status() });
  });
  await signInViaApi(page, account);

  await fileRow(page, 'song.wav').getByRole('button', { name: 'Preview song.wav' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toHaveAccessibleName('song.wav');
  await expect(page).toHaveURL(new RegExp(`\\?preview=${songId}$`));
  const song = dialog.getByLabel('Preview of song.wav');
  await expect(song).toHaveJSProperty('tagName', 'AUDIO');
  await expect.poll(() => metadataOf(song)).toEqual({ ready: true, duration: 2 });
  // The player read the file itself, by ranges, from its preview link.
  expect(ranges.filter((r) => r.id === songId).every((r) => r.range?.startsWith('bytes=') && r.status === 206)).toBe(true);
  expect(ranges.some((r) => r.id === songId)).toBe(true);

  // Playing (the click that opened the preview allows it), then stepping to the video, silences the song.
  await song.evaluate((el: HTMLMediaElement) => el.play());
  const playing = await song.elementHandle();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog).toHaveAccessibleName('clip.webm');
  await expect(page).toHaveURL(new RegExp(`\\?preview=${clipId}$`));
  expect(await playing!.evaluate((el: HTMLMediaElement) => [el.paused, el.isConnected])).toEqual([true, false]);

  const clip = dialog.getByLabel('Preview of clip.webm');
  await expect(clip).toHaveJSProperty('tagName', 'VIDEO');
  await expect.poll(() => metadataOf(clip)).toEqual({ ready: true, duration: 1 });
  expect(await clip.evaluate((el: HTMLVideoElement) => [el.videoWidth, el.videoHeight, el.autoplay, el.paused])).toEqual([96, 64, false, true]);
  expect(ranges.filter((r) => r.id === clipId).length).toBeGreaterThan(0);
  expect(ranges.filter((r) => r.id === clipId).every((r) => r.range?.startsWith('bytes=') && r.status === 206)).toBe(true);
  // The player takes the dialog's room.
  expect((await clip.boundingBox())!.height).toBeGreaterThan(300);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test("a player whose preview link has run out goes on from a fresh one where it stood", async ({ page, request }) => {
  const account = await registerViaApi(request);
  const token = await apiToken(request, account);
  // Four minutes: far more than a player reads ahead of where it stands.
  const [songId] = await apiUpload(request, token, [{ name: 'long.wav', mimeType: 'audio/wav', buffer: wavTone(240) }]);
  await signInViaApi(page, account);
  await fileRow(page, 'long.wav').getByRole('button', { name: 'Preview long.wav' }).click();
  const player = page.getByRole('dialog').getByLabel('Preview of long.wav');
  await expect.poll(() => metadataOf(player)).toEqual({ ready: true, duration: 240 });
  const first = await player.getAttribute('src');

  // The hour is up: the server refuses the old link from now on, as it does an expired one.
  await page.route(`**${first}`, (route) => route.fulfill({ status: 401, contentType: 'application/json', body: '{"error":"Download link expired"}' }));
  await player.evaluate((el: HTMLMediaElement) => {
    el.currentTime = 200;
  });
  await expect(player).not.toHaveAttribute('src', first!);
  expect(await player.getAttribute('src')).toMatch(new RegExp(`^/api/files/${songId}/download\\?dl=[^&]+&inline=1$`));
  await expect.poll(() => player.evaluate((el: HTMLMediaElement) => [el.readyState >= HTMLMediaElement.HAVE_METADATA, Math.round(el.currentTime), el.error])).toEqual([true, 200, null]);
  await expect(page.getByRole('alert')).toHaveCount(0);
});
