import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiFolder, apiToken, apiUpload } from './file-helpers';
import { newAccount, registerViaApi, signInViaApi } from './helpers';
import { pdfDocument, pngImage, textFile } from './samples';

// Every screen, in both themes, has no serious or critical accessibility violation.
// With SCREENSHOT_DIR set, each screen is also photographed at 1280 and 390 px wide.
const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR;
const WIDTHS = SCREENSHOT_DIR ? [1280, 390] : [1280];
const THEMES = ['light', 'dark'] as const;

interface Screen {
  name: string;
  path: string;
  /** What shows the screen is ready (its data loaded). */
  ready(page: Page): Promise<void>;
  /** Opens a dialog or tab after loading, when the screen is one. */
  open?(page: Page): Promise<void>;
}

async function expectAccessible(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const grave = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(' | ')}`);
  expect(grave, `${label}: serious or critical violations`).toEqual([]);
}

async function visitAll(page: Page, theme: (typeof THEMES)[number], screens: Screen[]) {
  await page.emulateMedia({ colorScheme: theme });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 844 });
    for (const screen of screens) {
      await page.goto(screen.path);
      await screen.ready(page);
      await screen.open?.(page);
      // Let entrance animations finish so colours are measured at rest.
      await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
      await expectAccessible(page, `${screen.name} (${theme}, ${width} px)`);
      if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/${screen.name}-${theme}-${width}.png`, fullPage: true });
    }
  }
}

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
};

for (const theme of THEMES) {
  test(`every member screen is accessible in the ${theme} theme`, async ({ page, request }) => {
    test.setTimeout(400_000);
    const owner = await registerViaApi(request, newAccount('axe'));
    const friend = await registerViaApi(request, newAccount('axefriend'));
    const token = await apiToken(request, owner);
    const folderId = await apiFolder(request, token, 'Reports', { is_public: true });
    const [imageId] = await apiUpload(request, token, [{ name: 'sunset.png', mimeType: 'image/png', buffer: pngImage(64, 48, [250, 120, 40], [40, 60, 200]) }], {
      is_public: 'true',
      tags: ['holiday'],
    });
    await apiUpload(request, token, [{ name: 'summary.pdf', mimeType: 'application/pdf', buffer: pdfDocument('Quarterly summary') }], { folder_id: String(folderId) });
    const [notesId] = await apiUpload(request, token, [{ name: 'notes.txt', mimeType: 'text/plain', buffer: textFile('notes') }]);
    const shared = await request.put(`/api/files/${notesId}/share`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { is_public: false, shared_users: [friend.username] },
    });
    expect(shared.status(), await shared.text()).toBe(200);
    const [draftId] = await apiUpload(request, token, [{ name: 'old-draft.txt', mimeType: 'text/plain', buffer: textFile('draft') }], { folder_id: String(folderId) });
    const trashed = await request.delete(`/api/files/${draftId}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(trashed.status(), await trashed.text()).toBe(204);

    await signInViaApi(page, owner);
    const files = page.getByRole('row').or(page.getByRole('listitem'));
    await visitAll(page, theme, [
      { name: 'dashboard', path: '/dashboard', ready: async (p) => void (await expect(p.getByText('sunset.png').first()).toBeVisible()) },
      {
        name: 'preview-dialog',
        path: '/dashboard',
        ready: async (p) => void (await expect(p.getByText('sunset.png').first()).toBeVisible()),
        open: async (p) => {
          await files.filter({ hasText: 'sunset.png' }).getByRole('button', { name: 'Preview sunset.png' }).click();
          await expect(p.getByRole('dialog').getByRole('img')).toBeVisible();
        },
      },
      {
        name: 'share-dialog',
        path: '/dashboard',
        ready: async (p) => void (await expect(p.getByText('notes.txt').first()).toBeVisible()),
        open: async (p) => {
          await files.filter({ hasText: 'notes.txt' }).getByRole('button', { name: 'Share notes.txt' }).click();
          await expect(p.getByRole('dialog').getByText(friend.username)).toBeVisible();
        },
      },
      { name: 'upload', path: '/upload', ready: heading('Upload Files') },
      { name: 'folders', path: '/folders', ready: async (p) => void (await expect(p.getByRole('link', { name: 'Reports' })).toBeVisible()) },
      { name: 'folder', path: `/folders/${folderId}`, ready: async (p) => void (await expect(p.getByText('summary.pdf').first()).toBeVisible()) },
      { name: 'sharing', path: '/sharing', ready: async (p) => void (await expect(p.getByText('notes.txt').first()).toBeVisible()) },
      { name: 'starred', path: '/starred', ready: heading('Starred') },
      { name: 'trash', path: '/trash', ready: async (p) => void (await expect(p.getByText('old-draft.txt', { exact: true })).toBeVisible()) },
      { name: 'public-files', path: '/public', ready: async (p) => void (await expect(p.getByText('sunset.png').first()).toBeVisible()) },
      { name: 'file', path: `/files/${imageId}`, ready: heading('sunset.png') },
      { name: 'not-found', path: '/no-such-page', ready: async (p) => void (await expect(p.getByText('Page not found')).toBeVisible()) },
    ]);
  });

  test(`the admin panel, sign-in and public screens are accessible in the ${theme} theme`, async ({ page, request }) => {
    test.setTimeout(400_000);
    const owner = await registerViaApi(request, newAccount('axepub'));
    const token = await apiToken(request, owner);
    const folderId = await apiFolder(request, token, 'Open folder', { is_public: true });
    await apiUpload(request, token, [{ name: 'open.txt', mimeType: 'text/plain', buffer: textFile('open') }], { folder_id: String(folderId), is_public: 'true' });

    await visitAll(page, theme, [
      { name: 'login', path: '/login', ready: heading('Sign in to Vault') },
      { name: 'register', path: '/register', ready: heading('Create your account') },
      { name: 'public-folder', path: `/folders/${folderId}`, ready: async (p) => void (await expect(p.getByText('open.txt').first()).toBeVisible()) },
    ]);

    await signInViaApi(page, { username: 'admin', password: 'admin123' });
    const tab = (name: string) => async (p: Page) => void (await expect(p.getByRole('tab', { name, selected: true })).toBeVisible());
    await visitAll(page, theme, [
      { name: 'admin-overview', path: '/admin', ready: async (p) => void (await expect(p.getByText('Storage by user')).toBeVisible()) },
      { name: 'admin-files', path: '/admin?tab=files', ready: tab('All Files') },
      { name: 'admin-users', path: '/admin?tab=users', ready: tab('Users') },
      { name: 'admin-analytics', path: '/admin?tab=analytics', ready: tab('Analytics') },
      { name: 'admin-activity', path: '/admin?tab=activity', ready: tab('Activity') },
    ]);
  });
}
