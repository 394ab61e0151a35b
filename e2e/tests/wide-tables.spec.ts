import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiFolder, apiToken, apiUpload } from './file-helpers';
import { newAccount, registerViaApi, signInViaApi } from './helpers';

// Trash and the admin tables hold five columns of facts and the row's actions: at every width and in
// German they must fit their card, the actions in view, and the page must not scroll sideways.

test.describe.configure({ timeout: 120_000 });

const text = (name: string) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(`${name} ${Math.random()}\n`) });

/** A long, realistic address: one word with nowhere to wrap. */
function longAccount() {
  const account = newAccount('maximilian_schneider_mueller');
  return { ...account, email: `${account.username}@sehr-lange-firmendomain-beispiel.de` };
}

async function speakGerman(page: Page) {
  await page.evaluate(() => localStorage.setItem('vault.language', 'de'));
  await page.reload();
}

/** The page does not scroll sideways, and each action of the row is inside the viewport and the card, uncovered. */
async function expectActionsInView(page: Page, card: Locator, row: Locator) {
  await expect(row).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
  const viewport = page.viewportSize()!;
  const cardBox = (await card.boundingBox())!;
  const buttons = await row.getByRole('button').all();
  expect(buttons.length).toBeGreaterThan(0);
  for (const button of buttons) {
    // Other tests' accounts and files may push the row below the fold: scroll down to it, never sideways.
    await button.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - window.innerHeight / 2));
    const box = (await button.boundingBox())!;
    const name = await button.getAttribute('aria-label');
    expect(box.x, `${name} starts left of the card`).toBeGreaterThanOrEqual(cardBox.x);
    expect(box.x + box.width, `${name} ends right of the card`).toBeLessThanOrEqual(cardBox.x + cardBox.width);
    expect(box.x + box.width, `${name} ends right of the viewport`).toBeLessThanOrEqual(viewport.width);
    const onTop = await button.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return hit !== null && el.contains(hit);
    });
    expect(onTop, `${name} is covered`).toBe(true);
  }
}

async function trashWithLongItems(request: APIRequestContext) {
  const owner = await registerViaApi(request, longAccount());
  const token = await apiToken(request, owner);
  const auth = { Authorization: `Bearer ${token}` };
  const fileName = 'Quartalsbericht_2026_endgueltige_Fassung_vom_Vorstand_freigegeben.txt';
  const [fileId] = await apiUpload(request, token, [text(fileName)]);
  const folderId = await apiFolder(request, token, 'Unterlagen für die Steuererklärung 2025');
  await apiUpload(request, token, [text('a.txt'), text('b.txt')], { folder_id: String(folderId) });
  expect((await request.delete(`/api/files/${fileId}`, { headers: auth })).status()).toBe(204);
  expect((await request.delete(`/api/folders/${folderId}`, { headers: auth })).status()).toBe(204);
  return { owner, fileName };
}

test('Trash keeps each row’s Restore and Delete forever in view from 768 to 1440 px, in English and German', async ({ page, request }) => {
  const { owner, fileName } = await trashWithLongItems(request);
  await page.setViewportSize({ width: 768, height: 1000 });
  await signInViaApi(page, owner);
  await page.goto('/trash');
  const row = page.getByRole('row').or(page.getByRole('listitem')).filter({ hasText: fileName });
  for (const [width, lang, heading] of [
    [768, 'en', 'In Trash'],
    [1024, 'en', 'In Trash'],
    [1280, 'en', 'In Trash'],
    [1024, 'de', 'Im Papierkorb'],
    [1440, 'de', 'Im Papierkorb'],
  ] as const) {
    if (lang === 'de' && !(await page.evaluate(() => localStorage.getItem('vault.language')))) await speakGerman(page);
    await page.setViewportSize({ width, height: 1000 });
    const card = page.locator('section').filter({ has: page.getByRole('heading', { name: heading }) });
    await test.step(`${width} px, ${lang}`, () => expectActionsInView(page, card, row));
  }
});

test('Admin → All Files and Users keep each row’s actions in view from 768 to 1440 px', async ({ page, request }) => {
  const owner = await registerViaApi(request, longAccount());
  const fileName = `Jahresabschluss_2025_mit_allen_Anlagen_und_Unterschriften_${Date.now()}.txt`;
  await apiUpload(request, await apiToken(request, owner), [text(fileName)]);
  await page.setViewportSize({ width: 768, height: 1000 });
  await signInViaApi(page, { username: 'admin', password: 'admin123' });

  await page.goto(`/admin?tab=files`);
  await page.getByRole('searchbox', { name: 'Search files by name, content or tag' }).fill(fileName);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const files = page.locator('section').filter({ has: page.getByRole('heading', { name: 'All Files' }) });
  const fileRow = page.getByRole('row').or(page.getByRole('listitem')).filter({ hasText: fileName });
  for (const width of [768, 1024, 1280, 1440]) {
    await page.setViewportSize({ width, height: 1000 });
    await test.step(`All Files, ${width} px`, () => expectActionsInView(page, files, fileRow));
  }

  await page.getByRole('tab', { name: 'Users' }).click();
  const users = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Users' }) });
  const userRow = page.getByRole('row').or(page.getByRole('listitem')).filter({ hasText: owner.email });
  for (const width of [768, 1024, 1280, 1440]) {
    await page.setViewportSize({ width, height: 1000 });
    await test.step(`Users, ${width} px`, () => expectActionsInView(page, users, userRow));
  }
});
