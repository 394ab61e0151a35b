import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiFolder, apiToken, apiUpload, fileRow } from './file-helpers';
import { registerViaApi, signInViaApi } from './helpers';

// Each scenario signs in and waits for several round trips.
test.describe.configure({ timeout: 90_000 });

const text = (name: string) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(`${name} ${Math.random()}\n`) });

/** A folder's card on a page of cards. */
function folderCard(page: Page, name: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });
}

async function chooseFromMenu(page: Page, more: string, entry: string) {
  await page.getByRole('button', { name: more }).click();
  await page.getByRole('menuitem', { name: entry }).click();
}

test('a file and a folder starred from their lists are found on the Starred page, and unstarred there in German at 390 px', async ({ page, request }) => {
  const owner = await registerViaApi(request);
  const token = await apiToken(request, owner);
  await apiUpload(request, token, [text('plan.txt'), text('other.txt')]);
  await apiFolder(request, token, 'Favourites');
  await signInViaApi(page, owner);

  await chooseFromMenu(page, 'More actions for plan.txt', 'Add to Starred');
  await expect(fileRow(page, 'plan.txt').getByText('Starred', { exact: true })).toBeVisible();
  await expect(fileRow(page, 'other.txt').getByText('Starred', { exact: true })).toHaveCount(0);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Folders' }).click();
  await chooseFromMenu(page, 'More actions for Favourites', 'Add to Starred');
  await expect(folderCard(page, 'Favourites').getByText('Starred', { exact: true })).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Starred' }).click();
  await expect(page).toHaveURL(/\/starred$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Starred' })).toBeVisible();
  await expect(folderCard(page, 'Favourites')).toBeVisible();
  await expect(fileRow(page, 'plan.txt')).toBeVisible();
  await expect(fileRow(page, 'other.txt')).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => localStorage.setItem('vault.language', 'de'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Markiert' })).toBeVisible();
  await chooseFromMenu(page, 'Weitere Aktionen für plan.txt', 'Aus „Markiert“ entfernen');
  await expect(page.getByText('Noch keine markierten Dateien')).toBeVisible();
  await chooseFromMenu(page, 'Weitere Aktionen für Favourites', 'Aus „Markiert“ entfernen');
  await expect(folderCard(page, 'Favourites')).toHaveCount(0);
  await expect(page).toHaveURL(/\/starred$/);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("a file page's star toggles, and the star shows in the user's other tab", async ({ page, request, context }) => {
  const owner = await registerViaApi(request);
  const token = await apiToken(request, owner);
  const [id] = await apiUpload(request, token, [text('live.txt')]);
  await signInViaApi(page, owner);
  const other = await context.newPage();
  await other.goto('/starred');
  await expect(other.getByText('No starred files yet')).toBeVisible();

  await page.goto(`/files/${id}`);
  const star = page.getByRole('button', { name: 'Star live.txt' });
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  // The other tab follows through the websocket, without a reload.
  await expect(fileRow(other, 'live.txt')).toBeVisible();
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await expect(other.getByText('No starred files yet')).toBeVisible();
});
