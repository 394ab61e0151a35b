import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, expectToast, keepToasts, test } from './fixtures';
import { apiFolder, apiToken, apiUpload, fileRow } from './file-helpers';
import { placeholderRoom, registerViaApi, signInViaApi } from './helpers';
import { pdfDocument, pngImage } from './samples';

const FOLDER_NOT_FOUND = "The folder you're looking for doesn't exist or you don't have permission to access it.";
const FILE_NOT_FOUND = "The file you're looking for doesn't exist or you don't have permission to access it.";

async function createFolder(page: Page, name: string) {
  await page.getByLabel('Folder name').fill(name);
  await page.getByRole('button', { name: 'Create Folder' }).click();
  await expectToast(page, 'Folder created successfully!');
}

test('nested folders, an upload into one, and its public link opened by an anonymous visitor', async ({ page, browser, request }) => {
  const owner = await registerViaApi(request);
  await signInViaApi(page, owner);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Folders' }).click();
  await expect(page.getByText('No folders found')).toBeVisible();
  await expect(page.getByText('Create your first folder to get started')).toBeVisible();
  await page.getByRole('button', { name: 'New Folder' }).first().click();
  await page.getByRole('button', { name: 'Create Folder' }).click();
  await expect(page.getByText('Please enter a folder name')).toBeVisible();
  await createFolder(page, 'Projects');
  await page.getByRole('link', { name: 'Projects' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();

  // A subfolder from the folder's page starts with this folder as its parent.
  await page.getByRole('button', { name: 'New Subfolder' }).click();
  await expect(page.getByLabel('Parent folder (optional)').locator('option:checked')).toHaveText('Projects');
  await createFolder(page, 'Designs');
  await page.getByRole('list', { name: 'Subfolders of Projects' }).getByRole('link', { name: 'Designs' }).click();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Projects');
  const designsUrl = page.url();

  // Upload into this folder from its empty file list: the upload page opens with it chosen.
  const image = pngImage(96, 64, [79, 70, 229], [236, 72, 153]);
  const files = page.getByRole('region', { name: 'Files in Designs' });
  await expect(files.getByText('This folder is empty')).toBeVisible();
  await files.getByRole('link', { name: 'Upload here' }).click();
  await expect(page.getByLabel('Folder', { exact: true })).toHaveValue(designsUrl.split('/').pop()!);
  await page.getByLabel('Files to upload', { exact: true }).setInputFiles([{ name: 'mockup.png', mimeType: 'image/png', buffer: image }]);
  await page.getByRole('button', { name: 'Upload 1 file' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Upload' });
  await expect(confirm).toContainText('Projects / Designs');
  await confirm.getByRole('button', { name: 'Upload Files' }).click();
  // 'Upload here' leads back to the folder once the upload is done.
  await expect(page).toHaveURL(designsUrl);

  await expect(page.getByRole('heading', { name: 'Files in Designs' })).toBeVisible();
  await expect(fileRow(page, 'mockup.png')).toBeVisible();
  await expect(page.getByText('1 file', { exact: true })).toBeVisible();

  // Make it public through the share dialog, then open its link without an account.
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const share = page.getByRole('dialog', { name: 'Share folder' });
  await share.getByText('Public', { exact: true }).click();
  await expect(share.getByLabel('Public link')).toHaveValue(designsUrl);
  await share.getByRole('button', { name: 'Update Sharing' }).click();
  await expectToast(page, 'Folder sharing updated successfully!');
  await expect(page.locator('header').getByTitle('Public: anyone with the link can read it')).toHaveText(/PUBLIC/);

  const anonymous = await browser.newContext();
  const visitor = await anonymous.newPage();
  await visitor.goto(designsUrl);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Designs' })).toBeVisible();
  await expect(visitor.getByText(`Owned by ${owner.username}`)).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
  const downloading = visitor.waitForEvent('download');
  await fileRow(visitor, 'mockup.png').getByRole('button', { name: 'Download mockup.png' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('mockup.png');
  expect(await fs.readFile((await download.path())!)).toEqual(image);
  await expect(fileRow(visitor, 'mockup.png').getByRole('button', { name: 'Delete mockup.png' })).toHaveCount(0);

  // The private parent reads exactly as a folder that does not exist.
  const projectsId = await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Projects' }).getAttribute('href');
  await visitor.goto(projectsId!);
  await expect(visitor.getByText(FOLDER_NOT_FOUND)).toBeVisible();
  await visitor.goto('/folders/987654321');
  await expect(visitor.getByText(FOLDER_NOT_FOUND)).toBeVisible();
  await anonymous.close();
});

test('a private file shared by name is found under Shared with me; a third user gets not-found', async ({ page, browser, request }) => {
  const owner = await registerViaApi(request);
  const friend = await registerViaApi(request);
  const stranger = await registerViaApi(request);
  const report = pdfDocument('Quarterly report');
  const [fileId] = await apiUpload(request, await apiToken(request, owner), [{ name: 'report.pdf', mimeType: 'application/pdf', buffer: report }]);

  await signInViaApi(page, owner);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sharing' }).click();
  const privateFiles = page.getByRole('list', { name: 'Private Files' });
  await privateFiles.getByRole('button', { name: 'Share report.pdf' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share file' });
  await dialog.getByLabel('Share with people').fill(friend.username);
  await dialog.getByLabel('Share with people').press('Enter');
  await dialog.getByRole('button', { name: 'Update Sharing' }).click();
  await expectToast(page, 'File sharing updated successfully!');

  const friendContext = await browser.newContext();
  await keepToasts(friendContext);
  const friendPage = await friendContext.newPage();
  await signInViaApi(friendPage, friend);
  await friendPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sharing' }).click();
  const sharedFiles = friendPage.getByRole('list', { name: 'Files shared with me' });
  await expect(sharedFiles).toContainText(`Shared by ${owner.username}`);
  const downloading = friendPage.waitForEvent('download');
  await sharedFiles.getByRole('button', { name: 'Download report.pdf' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('report.pdf');
  expect(await fs.readFile((await download.path())!)).toEqual(report);
  await expectToast(friendPage, 'File downloaded successfully!');
  await sharedFiles.getByRole('link', { name: 'Open report.pdf' }).click();
  await expect(friendPage.getByRole('heading', { level: 1, name: 'report.pdf' })).toBeVisible();
  await expect(friendPage.getByTitle('Preview of report.pdf')).toBeVisible();
  await friendContext.close();

  const strangerContext = await browser.newContext();
  const strangerPage = await strangerContext.newPage();
  await signInViaApi(strangerPage, stranger);
  await strangerPage.goto(`/files/${fileId}`);
  await expect(strangerPage.getByText(FILE_NOT_FOUND)).toBeVisible();
  await expect(strangerPage.getByText('report.pdf')).toHaveCount(0);
  await strangerContext.close();

  const anonymous = await browser.newContext();
  const visitor = await anonymous.newPage();
  await visitor.goto(`/files/${fileId}`);
  await expect(visitor.getByText(FILE_NOT_FOUND)).toBeVisible();
  await anonymous.close();
});

test('a folder card gives its name the card’s width on a wide screen, its actions showing on hover', async ({ page, request }) => {
  const owner = await registerViaApi(request);
  const token = await apiToken(request, owner);
  const name = 'Quarterly reports 2026';
  await apiFolder(request, token, name);
  await page.setViewportSize({ width: 1180, height: 800 });
  await signInViaApi(page, owner);
  await page.goto('/folders');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name }) });
  const heading = card.getByRole('heading', { level: 3, name });
  await expect(heading).toBeVisible();
  // Two lines at most, and no line cut short for buttons that are not showing.
  expect(await heading.evaluate((el) => el.scrollHeight <= el.clientHeight)).toBe(true);
  const [headingBox, cardBox] = [await heading.boundingBox(), await card.boundingBox()];
  expect(headingBox!.x + headingBox!.width).toBeGreaterThan(cardBox!.x + cardBox!.width - 40);

  const actions = card.getByRole('button', { name: `Edit ${name}` }).locator('..');
  await expect(actions).toHaveCSS('opacity', '0');
  await card.hover({ position: { x: 30, y: 30 } });
  await expect(actions).toHaveCSS('opacity', '1');
});

test('a folder shared with three people says so on its card in one piece, in German too', async ({ page, request }) => {
  const owner = await registerViaApi(request);
  const people = [await registerViaApi(request), await registerViaApi(request), await registerViaApi(request)];
  const token = await apiToken(request, owner);
  const id = await apiFolder(request, token, 'Team');
  const shared = await request.put(`/api/folders/${id}`, { headers: { Authorization: `Bearer ${token}` }, data: { shared_users: people.map((p) => p.username) } });
  expect(shared.status(), await shared.text()).toBe(200);
  await signInViaApi(page, owner);
  await page.evaluate(() => localStorage.setItem('vault.language', 'de'));
  await page.goto('/folders');
  const badge = page.getByRole('list', { name: 'Ordner' }).getByTitle(/^Geteilt mit 3 Personen: /);
  await expect(badge).toHaveText(/GETEILT · 3/);
  // One line: the badge is no taller than a badge of one word.
  const height = (await badge.boundingBox())!.height;
  expect(height).toBeLessThan(24);
});

test('on a phone the folder page’s file search shows its whole hint, in German too', async ({ page, request }) => {
  const owner = await registerViaApi(request);
  const id = await apiFolder(request, await apiToken(request, owner), 'Receipts');
  await page.setViewportSize({ width: 390, height: 844 });
  await signInViaApi(page, owner);
  const searchLabels = { en: 'Search', de: 'Suchen' };
  for (const [language, search] of Object.entries(searchLabels)) {
    await page.evaluate((lang) => localStorage.setItem('vault.language', lang), language);
    await page.goto(`/folders/${id}`);
    expect(await placeholderRoom(page.getByRole('searchbox', { name: search, exact: true })), language).toBeGreaterThanOrEqual(0);
  }
});

test('a folder card’s creation date keeps one line beside its badge, in German too', async ({ page, request }) => {
  const owner = await registerViaApi(request);
  await apiFolder(request, await apiToken(request, owner), 'Belege_und_Rechnungen-2026', { is_public: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInViaApi(page, owner);
  await page.evaluate(() => localStorage.setItem('vault.language', 'de'));
  await page.goto('/folders');
  const created = page.getByRole('list', { name: 'Ordner' }).getByText(/^Erstellt am /);
  await expect(created).toBeVisible();
  // Taller than one line of its 12 px text means it broke in two.
  expect((await created.boundingBox())!.height).toBeLessThan(20);
});

test('the Edit Folder dialog puts its buttons at the right, under the fields, like every dialog', async ({ page, request }) => {
  const owner = await registerViaApi(request);
  const token = await apiToken(request, owner);
  const id = await apiFolder(request, token, 'Invoices');
  await signInViaApi(page, owner);
  await page.goto(`/folders/${id}`);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Folder' });
  const [save, parent] = [await dialog.getByRole('button', { name: 'Save Changes' }).boundingBox(), await dialog.getByLabel('Parent folder (optional)').boundingBox()];
  // The right edges line up: the buttons end where the fields do.
  expect(Math.abs(save!.x + save!.width - (parent!.x + parent!.width))).toBeLessThan(2);
  await dialog.getByLabel('Folder name').fill('Invoices 2026');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Invoices 2026' })).toBeVisible();
});

test('a subfolder card’s checkbox has a slot of its own, and on a phone the file page’s folder icon keeps its size', async ({ page, request }) => {
  const owner = await registerViaApi(request);
  const token = await apiToken(request, owner);
  const parent = await apiFolder(request, token, 'Projects');
  const longName = 'Q1 Quarterly Financial Reports and Board Meeting Preparation Materials (Confidential)';
  const child = await apiFolder(request, token, longName, { parent_id: parent });
  const [fileId] = await apiUpload(request, token, [{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from(`notes ${Math.random()}`) }], { folder_id: String(child) });
  await signInViaApi(page, owner);

  await page.goto(`/folders/${parent}`);
  const checkbox = page.getByRole('checkbox', { name: `Select ${longName}` });
  const card = page.getByRole('listitem').filter({ has: checkbox });
  const tile = card.locator('svg.lucide-folder').locator('xpath=..');
  const box = (await checkbox.boundingBox())!;
  const tileBox = (await tile.boundingBox())!;
  expect(box.x + box.width, 'the checkbox overlaps the folder icon').toBeLessThanOrEqual(tileBox.x);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/files/${fileId}`);
  const icon = page.getByRole('link', { name: longName }).locator('xpath=preceding-sibling::*[local-name()="svg"][1]');
  expect((await icon.boundingBox())!.width).toBe(16);
});

test('the folder page’s actions stay one row at every width, the rest behind “More”', async ({ page, request }) => {
  const owner = await registerViaApi(request);
  const token = await apiToken(request, owner);
  const folder = await apiFolder(request, token, 'Q1 Quarterly Financial Reports and Board Meeting Preparation Materials (Confidential)');
  await apiUpload(request, token, [{ name: 'a.txt', mimeType: 'text/plain', buffer: Buffer.from(`a ${Math.random()}`) }], { folder_id: String(folder) });
  await signInViaApi(page, owner);
  await page.goto(`/folders/${folder}`);
  const upload = page.getByRole('link', { name: 'Upload here' });
  for (const width of [390, 768, 1024, 1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(upload).toBeVisible();
    const tops = await upload.evaluate((link) => [...link.parentElement!.children].map((el) => Math.round(el.getBoundingClientRect().top)));
    expect(new Set(tops).size, `${width} px: the actions wrap onto ${new Set(tops).size} rows`).toBe(1);
  }
  await page.setViewportSize({ width: 768, height: 900 });
  await page.getByRole('button', { name: /^More actions for Q1/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Download zip' })).toBeVisible();
});
