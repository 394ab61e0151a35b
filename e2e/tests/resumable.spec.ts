import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectToast, test } from './fixtures';
import { apiToken, apiUpload } from './file-helpers';
import { registerViaApi, signInViaApi } from './helpers';

const MIB = 1024 * 1024;

/** Whole lines of text, at least `bytes` long and unique per call, with multi-byte characters across every cut. */
function bigText(bytes: number): Buffer {
  const line = `résumé – ${Math.random().toString(36)} ✓\n`;
  return Buffer.from(line.repeat(Math.ceil(bytes / Buffer.byteLength(line))));
}

/**
 * Upload bandwidth as a slow connection has it, so that a test can act
 * mid-upload; `finish` raises it to FINISHING_SPEED once the test has acted.
 */
async function throttleUploads(page: Page, bytesPerSecond: number): Promise<{ finish(): Promise<void> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const limit = (uploadThroughput: number) => cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput });
  await limit(bytesPerSecond);
  return {
    finish: async () => {
      await limit(FINISHING_SPEED);
    },
  };
}

/**
 * Slow enough that the upload is still under way when the test acts, even on
 * a loaded machine where a click takes seconds: at 2 MiB/s a 12 MiB upload
 * sometimes ended before its pause landed.
 */
const ACTING_SPEED = 128 * 1024;

/**
 * The speed once the test has acted: the rest of a 4 MiB file in a few
 * seconds. Not unlimited: the browser cancels a paused request in its network
 * service, which may hear of the cancel after it heard of the new speed, and
 * lifted altogether the rest of the body once reached the server in between
 * (the paused upload then ended without a PATCH from where it stopped).
 */
const FINISHING_SPEED = 1024 * 1024;

async function openUpload(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Upload' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Upload Files' })).toBeVisible();
}

async function sendFiles(page: Page, count: number) {
  await page.getByRole('button', { name: count === 1 ? 'Upload 1 file' : `Upload ${count} files` }).click();
  await page.getByRole('dialog', { name: 'Confirm Upload' }).getByRole('button', { name: 'Upload Files' }).click();
}

const progressOf = (page: Page, name: string) => page.getByRole('progressbar', { name: `Progress of ${name}` });

async function percentOf(page: Page, name: string): Promise<number> {
  return Number(await progressOf(page, name).getAttribute('aria-valuenow'));
}

/** The offsets of the PATCH requests the server accepted (a stale one may be refused and retried). */
function patchOffsets(page: Page): number[] {
  const offsets: number[] = [];
  page.on('response', (response) => {
    const request = response.request();
    if (request.method() === 'PATCH' && response.status() === 204) offsets.push(Number(request.headers()['upload-offset']));
  });
  return offsets;
}

async function storedSize(page: Page, token: string, name: string): Promise<number | undefined> {
  const res = await page.request.get(`/api/files?search=${encodeURIComponent(name)}`, { headers: { Authorization: `Bearer ${token}` } });
  const { files } = (await res.json()) as { files: { original_name: string; file_size: number }[] };
  return files.find((f) => f.original_name === name)?.file_size;
}

test('a large file is paused and resumed where it stopped', async ({ page, request }) => {
  const account = await registerViaApi(request);
  const token = await apiToken(request, account);
  await signInViaApi(page, account);
  await openUpload(page);
  // On a phone's width, where the row's status and Pause share the name's line.
  await page.setViewportSize({ width: 390, height: 844 });
  const throttle = await throttleUploads(page, ACTING_SPEED);
  const offsets = patchOffsets(page);
  const content = bigText(4 * MIB);
  await page.getByLabel('Files to upload', { exact: true }).setInputFiles([{ name: 'large.txt', mimeType: 'text/plain', buffer: content }]);
  await sendFiles(page, 1);

  await expect.poll(() => percentOf(page, 'large.txt'), { timeout: 30_000 }).toBeGreaterThanOrEqual(15);
  const cancelled = page.waitForEvent('requestfailed', (failed) => failed.method() === 'PATCH');
  await page.getByRole('button', { name: 'Pause large.txt' }).click();
  await expect(page.getByRole('list', { name: 'Selected files' }).getByText('Paused')).toBeVisible();
  const pausedAt = await percentOf(page, 'large.txt');
  // The progress and its figures take the row's width, not a column beside the status.
  const [bar, row] = [await progressOf(page, 'large.txt').boundingBox(), await page.getByRole('list', { name: 'Selected files' }).getByRole('listitem').boundingBox()];
  expect(bar!.width).toBeGreaterThan(row!.width * 0.7);
  await cancelled;
  await throttle.finish();
  await page.getByRole('button', { name: 'Resume large.txt' }).click();
  await expectToast(page, 'Files uploaded successfully!', { timeout: 60_000 });
  expect(pausedAt).toBeLessThan(100);
  // The request that finished the upload started where the server stood, not at 0.
  expect(offsets.length).toBeGreaterThan(0);
  expect(Math.min(...offsets)).toBeGreaterThan(0);
  expect(await storedSize(page, token, 'large.txt')).toBe(content.length);
});

test('a reload mid-upload resumes when the same file is chosen again', async ({ page, request }) => {
  const account = await registerViaApi(request);
  const token = await apiToken(request, account);
  await signInViaApi(page, account);
  await openUpload(page);
  const throttle = await throttleUploads(page, ACTING_SPEED);
  // A file on disk keeps its last-modified time: the same file is recognised after the reload.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-e2e-reload-'));
  const file = path.join(dir, 'reloaded.txt');
  const content = bigText(4 * MIB);
  fs.writeFileSync(file, content);
  await page.getByLabel('Files to upload', { exact: true }).setInputFiles([file]);
  await sendFiles(page, 1);
  await expect.poll(() => percentOf(page, 'reloaded.txt'), { timeout: 30_000 }).toBeGreaterThanOrEqual(20);
  // The nav bar shows the upload; leaving asks first.
  await expect(page.getByRole('link', { name: /^Uploading 1 file/ })).toBeVisible();

  page.on('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Upload Files' })).toBeVisible();
  // Only now: raised before, the upload could finish while the page unloads.
  await throttle.finish();
  const offsets = patchOffsets(page);
  await page.getByLabel('Files to upload', { exact: true }).setInputFiles([file]);
  await sendFiles(page, 1);
  await expectToast(page, 'Files uploaded successfully!', { timeout: 60_000 });
  expect(offsets.length).toBeGreaterThan(0);
  expect(Math.min(...offsets)).toBeGreaterThan(0);
  expect(await storedSize(page, token, 'reloaded.txt')).toBe(content.length);
  fs.rmSync(dir, { recursive: true, force: true });
});

test('a folder of 20 files is uploaded with its whole tree', async ({ page, request }) => {
  const account = await registerViaApi(request);
  const token = await apiToken(request, account);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-e2e-tree-'));
  const trip = path.join(root, 'Trip 2024');
  // 5 files at the top, 8 a level down, 7 two levels down.
  const inFolder = (i: number) => (i < 5 ? 0 : i < 13 ? 1 : 2);
  const dirOf = (i: number) => ['', 'Day 1', path.join('Day 1', 'Evening')][inFolder(i)]!;
  fs.mkdirSync(path.join(trip, 'Day 1', 'Evening'), { recursive: true });
  for (let i = 0; i < 20; i++) fs.writeFileSync(path.join(trip, dirOf(i), `note ${i}.md`), `# note ${i}\n`);
  await signInViaApi(page, account);
  await openUpload(page);
  await page.getByLabel('Directory to upload').setInputFiles(trip);
  await expect(page.getByRole('list', { name: 'Selected files' }).getByText('Ready')).toHaveCount(20);
  await expect(page.getByRole('list', { name: 'Selected files' })).toContainText('Trip 2024/Day 1/Evening/note 19.md');
  await sendFiles(page, 20);
  await expectToast(page, 'Files uploaded successfully!', { timeout: 60_000 });

  const res = await page.request.get('/api/folders', { headers: { Authorization: `Bearer ${token}` } });
  const { folders } = (await res.json()) as { folders: { id: number; name: string; parent_id: number | null }[] };
  const top = folders.find((f) => f.name === 'Trip 2024');
  const day = folders.find((f) => f.name === 'Day 1');
  const evening = folders.find((f) => f.name === 'Evening');
  expect(top?.parent_id).toBeNull();
  expect(day?.parent_id).toBe(top?.id);
  expect(evening?.parent_id).toBe(day?.id);
  const files = await page.request.get('/api/files?limit=100', { headers: { Authorization: `Bearer ${token}` } });
  const listed = ((await files.json()) as { files: { original_name: string; folder_id: number | null }[] }).files;
  expect(listed).toHaveLength(20);
  const folderIds = [top?.id, day?.id, evening?.id];
  for (let i = 0; i < 20; i++) {
    expect(listed.find((f) => f.original_name === `note ${i}.md`)?.folder_id, `note ${i}.md`).toBe(folderIds[inFolder(i)]);
  }
  fs.rmSync(root, { recursive: true, force: true });
});

test('a file whose content the user already stores is hashed while it waits, and completes without sending its bytes', async ({ page, request }) => {
  const account = await registerViaApi(request);
  const token = await apiToken(request, account);
  const owned = bigText(3 * MIB);
  await apiUpload(request, token, [{ name: 'original.txt', mimeType: 'text/plain', buffer: owned }]);
  await signInViaApi(page, account);
  await openUpload(page);
  // The first file takes seconds to send: meanwhile the second is hashed.
  await throttleUploads(page, 2 * MIB);
  const created: Record<string, string> = {};
  const patched = new Set<string>();
  page.on('request', (req) => {
    if (req.method() === 'POST' && req.url().endsWith('/api/uploads')) {
      const fields = Object.fromEntries(req.headers()['upload-metadata']!.split(',').map((p) => p.split(' ')).map(([k, v]) => [k, Buffer.from(v ?? '', 'base64').toString()]));
      created[fields.filename!] = fields.sha256 ?? '';
    }
    if (req.method() === 'PATCH') patched.add(req.url());
  });
  const fresh = bigText(6 * MIB);
  await page.getByLabel('Files to upload', { exact: true }).setInputFiles([
    { name: 'fresh.txt', mimeType: 'text/plain', buffer: fresh },
    { name: 'copy.txt', mimeType: 'text/plain', buffer: owned },
  ]);
  await sendFiles(page, 2);
  await expectToast(page, 'Files uploaded successfully!', { timeout: 60_000 });

  expect(created['copy.txt']).toBe(createHash('sha256').update(owned).digest('hex'));
  // Only the new content's upload received bytes.
  expect(patched.size).toBe(1);
  expect(await storedSize(page, token, 'copy.txt')).toBe(owned.length);
  expect(await storedSize(page, token, 'fresh.txt')).toBe(fresh.length);
});
