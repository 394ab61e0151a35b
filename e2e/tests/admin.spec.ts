import { expect, expectToast, test } from './fixtures';
import { newAccount, placeholderRoom, registerViaApi, type Account } from './helpers';
import type { APIRequestContext, Page } from '@playwright/test';

async function tokenOf(request: APIRequestContext, account: Pick<Account, 'username' | 'password'>): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { username: account.username, password: account.password } });
  expect(response.status()).toBe(200);
  return (await response.json()).token;
}

async function uploadText(request: APIRequestContext, token: string, name: string, text: string): Promise<number> {
  const response = await request.post('/api/files/upload', {
    headers: { authorization: `Bearer ${token}` },
    multipart: { files: { name, mimeType: 'text/plain', buffer: Buffer.from(text) } },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).files[0].id;
}

async function signInAsDemoAdmin(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Admin Login' }).click();
  await page.getByRole('button', { name: 'Fill Demo Credentials' }).click();
  await expect(page.getByLabel('Username')).toHaveValue('admin');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('an admin visits the five tabs, deletes a file and changes a quota', async ({ page, request }) => {
  const owner = await registerViaApi(request);
  const token = await tokenOf(request, owner);
  const doomed = `doomed-${Date.now()}.txt`;
  const kept = `kept-${Date.now()}.txt`;
  const doomedId = await uploadText(request, token, doomed, `to be deleted ${Math.random()}`);
  const keptId = await uploadText(request, token, kept, `to keep ${Math.random()}`);
  expect((await request.get(`/api/files/${keptId}/download`, { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);

  await signInAsDemoAdmin(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin Panel' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();

  // Overview
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Total Files')).toBeVisible();
  await expect(page.getByText('Storage by user')).toBeVisible();
  await expect(page.locator('.recharts-surface').first()).toBeVisible();

  // All Files: download through a signed link in a new tab, then delete.
  await page.getByRole('tab', { name: 'All Files' }).click();
  await page.getByRole('searchbox', { name: 'Search files by name, content or tag' }).fill(doomed);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const row = page.getByRole('row').filter({ hasText: doomed });
  await expect(row).toBeVisible();
  await expect(row.getByText(owner.username)).toBeVisible();

  // A new tab opens; its only navigation is the download, so the browser closes it
  // again and reports the download on this page.
  const popup = page.waitForEvent('popup');
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: `Download ${doomed}` }).click();
  await popup;
  expect((await download).suggestedFilename()).toBe(doomed);
  expect((await download).url()).toContain(`/api/files/${doomedId}/download?dl=`);
  await expect.poll(() => page.context().pages().length).toBe(1);

  await row.getByRole('button', { name: `Delete ${doomed}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Are you sure you want to delete this file? This action cannot be undone')).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'File deleted successfully');
  await expect(page.getByRole('row').filter({ hasText: doomed })).toHaveCount(0);
  expect((await request.get(`/api/files/${doomedId}`, { headers: { authorization: `Bearer ${token}` } })).status()).toBe(404);

  // Users: lower the owner's quota.
  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByRole('button', { name: `Edit ${owner.username}` }).click();
  const editor = page.getByRole('dialog', { name: `Edit ${owner.username}` });
  await editor.getByLabel('Storage quota (MB)').fill('5');
  await editor.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, `${owner.username} updated successfully`);
  await expect(page.getByRole('meter', { name: `Storage used by ${owner.username}` })).toHaveAttribute('aria-valuetext', /of 5\u00a0MB$/);
  const stats = await request.get('/api/auth/stats', { headers: { authorization: `Bearer ${token}` } });
  expect((await stats.json()).storage_quota_mb).toBe(5);

  // Analytics
  await page.getByRole('tab', { name: 'Analytics' }).click();
  await expect(page.getByRole('heading', { name: 'Top Downloaded Files' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Top downloaded files' }).getByText(kept)).toBeVisible();

  // Activity: uploads and downloads by default; the admin delete and the quota change are in the full audit log.
  await page.getByRole('tab', { name: 'Activity' }).click();
  await expect(page.getByRole('list', { name: 'Recent activity' }).getByRole('listitem').filter({ hasText: 'uploaded' }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Full audit log' }).click();
  const log = page.getByRole('list', { name: 'Recent activity' });
  // The quota in the interface language's sizes (with a no-break space).
  await expect(log.getByText(new RegExp(`${owner.username}: quota 1\\sGB → 5\\sMB`))).toBeVisible();
  await expect(log.getByRole('listitem').filter({ hasText: 'as administrator' }).filter({ hasText: doomed })).toBeVisible();
});

test('Storage by user shows every name whole or cut with “…”, never clipped, and each bar’s size', async ({ page, request }) => {
  const owner = await registerViaApi(request, newAccount('maximilian_schneider_mueller'));
  // Whole MB, more than any user stores yet (this test's earlier runs too), so that it comes first.
  const adminToken = await tokenOf(request, { username: 'admin', password: 'admin123' });
  const { users } = await (await request.get('/api/admin/users/stats', { headers: { authorization: `Bearer ${adminToken}` } })).json();
  const mb = Math.max(8, Math.floor(Math.max(...users.map((u: { used_storage_bytes: number }) => u.used_storage_bytes)) / 1024 / 1024) + 1);
  await uploadText(request, await tokenOf(request, owner), 'big.txt', 'x'.repeat(mb * 1024 * 1024));
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsDemoAdmin(page);
  await page.goto('/admin');
  const chart = page.locator('figure').filter({ has: page.locator('.recharts-surface') }).first();
  const names = chart.locator('.recharts-yAxis-tick-labels text');
  await expect(names.first()).toBeVisible();
  // The axis takes its width from the names once they are drawn.
  const clipped = () =>
    chart.evaluate((figure) => {
      const left = figure.querySelector('svg')!.getBoundingClientRect().left;
      return [...figure.querySelectorAll('.recharts-yAxis-tick-labels text')].filter((t) => t.getBoundingClientRect().left < left).map((t) => t.textContent);
    });
  await expect.poll(clipped, { timeout: 5_000 }).toEqual([]);
  // Earlier runs of this test left users whose names begin alike.
  await expect(names.filter({ hasText: `${owner.username.slice(0, 17)}…` }).first()).toBeVisible();
  await expect(chart.locator('.recharts-label-list text').filter({ hasText: new RegExp(`^${mb}\\sMB$`) })).toBeVisible();
});

test.describe('on a 390 px wide screen', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the admin tables become cards', async ({ page, request }) => {
    const owner = await registerViaApi(request);
    const name = `narrow-${Date.now()}.txt`;
    await uploadText(request, await tokenOf(request, owner), name, `narrow ${Math.random()}`);
    await signInAsDemoAdmin(page);
    await page.goto('/admin?tab=files');
    await expect(page.getByRole('table')).toHaveCount(0);
    const card = page.getByRole('list', { name: 'All files' }).getByRole('listitem').filter({ hasText: name });
    await expect(card.getByRole('button', { name: `Delete ${name}` })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The search field's hint is read whole, not cut.
    expect(await placeholderRoom(page.getByRole('searchbox', { name: 'Search files by name, content or tag' }))).toBeGreaterThanOrEqual(0);
  });

  test('the Activity tab fits in German, the longest of its languages, with its tab in view', async ({ page }) => {
    await signInAsDemoAdmin(page);
    await page.evaluate(() => localStorage.setItem('vault.language', 'de'));
    await page.goto('/admin?tab=activity');
    const views = page.getByRole('group', { name: 'Welche Ereignisse' });
    await expect(views.getByRole('button', { name: 'Vollständiges Protokoll' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The view switch stays inside its card.
    const card = await page.getByRole('tabpanel').locator('section').first().boundingBox();
    const group = await views.boundingBox();
    expect(group!.x + group!.width).toBeLessThanOrEqual(card!.x + card!.width);
    // The tab strip scrolls sideways: the open tab is the one in view.
    await expect(page.getByRole('tab', { name: 'Aktivität' })).toBeInViewport({ ratio: 0.9 });
  });
});

test.describe('on a 390 px wide screen in German', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the users’ names are whole beside or above their Administrator badge', async ({ page, request }) => {
    const unique = `_${Date.now().toString(36)}${process.pid}`;
    // As long as a username may be.
    const longest = 'maximilian.alexander-schneider_mueller-luedenscheid'.slice(0, 50 - unique.length) + unique;
    const adminToken = await tokenOf(request, { username: 'admin', password: 'admin123' });
    const created = await request.post('/api/admin/users', {
      headers: { authorization: `Bearer ${adminToken}` },
      data: { username: longest, email: `long${unique}@example.com`, is_admin: true },
    });
    expect(created.status(), await created.text()).toBe(201);

    await signInAsDemoAdmin(page);
    await page.evaluate(() => localStorage.setItem('vault.language', 'de'));
    await page.goto('/admin?tab=users');
    const users = page.getByRole('tabpanel', { name: 'Benutzer' });
    for (const username of ['admin', longest]) {
      const name = users.getByText(username, { exact: true });
      await expect(name).toBeVisible();
      const cut = await name.evaluate((el) => el.scrollWidth > el.clientWidth);
      expect(cut, `${username} is cut`).toBe(false);
    }
    // A short name keeps one line; the badge moves instead.
    const admin = users.getByText('admin', { exact: true });
    const lines = await admin.evaluate((el) => Math.round(el.clientHeight / parseFloat(getComputedStyle(el).lineHeight)));
    expect(lines).toBe(1);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test('an admin’s navigation bar fits 1024 and 1280 px screens in German, the longest of its languages', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await signInAsDemoAdmin(page);
  await page.evaluate(() => localStorage.setItem('vault.language', 'de'));
  await page.goto('/admin');
  for (const width of [1024, 1280]) {
    await page.setViewportSize({ width, height: 768 });
    await expect(page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Verwaltung' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `at ${width} px`).toBeLessThanOrEqual(0);
  }
});
