import type { APIRequestContext } from '@playwright/test';
import { expect, expectToast, test } from './fixtures';
import { apiFolder, apiToken, apiUpload, fileRow } from './file-helpers';
import { registerViaApi, signInViaApi } from './helpers';

const text = (name: string) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(`${name} ${Math.random()}\n`) });

async function folderOf(request: APIRequestContext, token: string, fileId: number): Promise<number | null> {
  const res = await request.get(`/api/files/${fileId}`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await res.json()) as { file: { folder_id: number | null } }).file.folder_id;
}

test('drags a file row onto a folder of the tree, opened on demand', async ({ page, request }) => {
  const owner = await registerViaApi(request);
  const token = await apiToken(request, owner);
  const projects = await apiFolder(request, token, 'Projects');
  const archive = await apiFolder(request, token, 'Archive', { parent_id: projects });
  const [fileId] = await apiUpload(request, token, [text('plan.txt')]);
  await signInViaApi(page, owner);

  const tree = page.getByRole('tree', { name: 'Folders' });
  const projectsNode = tree.getByRole('treeitem', { name: 'Projects' });
  await expect(projectsNode).toHaveAttribute('aria-expanded', 'false');
  // Opened from the keyboard: the children are fetched then.
  await projectsNode.focus();
  await page.keyboard.press('ArrowRight');
  const archiveNode = tree.getByRole('treeitem', { name: 'Archive' });
  await expect(archiveNode).toBeVisible();

  const target = archiveNode.getByRole('link', { name: 'Archive' }).locator('..');
  await fileRow(page, 'plan.txt').hover();
  await page.mouse.down();
  const box = (await target.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 8 });
  await expect(target).toHaveClass(/ring-2/);
  // A drag of the app's own rows is no upload: no overlay.
  await expect(page.getByText('Drop files to upload them')).toHaveCount(0);
  await page.mouse.up();

  await expectToast(page, '1 item moved to Archive');
  expect(await folderOf(request, token, fileId!)).toBe(archive);

  // The tree opens the folder's page, highlighted there, and remembers Projects open.
  await archiveNode.getByRole('link', { name: 'Archive' }).click();
  await expect(page).toHaveURL(new RegExp(`/folders/${archive}$`));
  await expect(tree.getByRole('treeitem', { name: 'Archive' })).toHaveAttribute('aria-selected', 'true');
  await expect(fileRow(page, 'plan.txt')).toBeVisible();
});

test('drops a file from the computer on a folder page and finds it uploaded there', async ({ page, request }) => {
  const owner = await registerViaApi(request);
  const token = await apiToken(request, owner);
  const reports = await apiFolder(request, token, 'Reports');
  await signInViaApi(page, owner);
  await page.goto(`/folders/${reports}`);
  const heading = page.getByRole('heading', { level: 1, name: 'Reports' });
  await expect(heading).toBeVisible();

  // A drag from the desktop, as the browser delivers it: a DataTransfer holding a file.
  const transfer = await page.evaluateHandle(() => {
    const data = new DataTransfer();
    data.items.add(new File(['quarterly figures\n'], 'q3-summary.txt', { type: 'text/plain' }));
    return data;
  });
  await heading.dispatchEvent('dragenter', { dataTransfer: transfer });
  await expect(page.getByText('Drop files to upload them')).toBeVisible();
  await expect(page.getByText('They go into “Reports”. You confirm before anything is sent.')).toBeVisible();
  await heading.dispatchEvent('drop', { dataTransfer: transfer });

  await expect(page).toHaveURL(new RegExp(`/upload\\?folder_id=${reports}$`));
  const dialog = page.getByRole('dialog', { name: 'Confirm Upload' });
  await expect(dialog.getByText('q3-summary.txt')).toBeVisible();
  await expect(dialog.getByText('Reports')).toBeVisible();
  await dialog.getByRole('button', { name: 'Upload Files' }).click();

  // Once stored, the upload page leads back to the folder, where the file now is.
  await expect(page).toHaveURL(new RegExp(`/folders/${reports}$`));
  await expect(fileRow(page, 'q3-summary.txt')).toBeVisible();
  const res = await request.get(`/api/files?folder_id=${reports}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(((await res.json()) as { files: { original_name: string }[] }).files.map((f) => f.original_name)).toEqual(['q3-summary.txt']);
});

test('drags a folder card onto the tree: below itself is refused with the reason, elsewhere it moves', async ({ page, request }) => {
  const owner = await registerViaApi(request);
  const token = await apiToken(request, owner);
  const projects = await apiFolder(request, token, 'Projects');
  const archive = await apiFolder(request, token, 'Archive', { parent_id: projects });
  await apiFolder(request, token, 'Old', { parent_id: archive });
  const photos = await apiFolder(request, token, 'Photos');
  await signInViaApi(page, owner);
  await page.goto(`/folders/${projects}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();

  // The tree shows Projects open (the folder on screen); Archive is opened from the keyboard.
  const tree = page.getByRole('tree', { name: 'Folders' });
  await expect(tree.getByRole('treeitem', { name: 'Projects' })).toHaveAttribute('aria-expanded', 'true');
  await tree.getByRole('treeitem', { name: 'Archive' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(tree.getByRole('treeitem', { name: 'Old' })).toBeVisible();
  const card = page.getByRole('list', { name: 'Subfolders of Projects' }).getByRole('listitem').filter({ hasText: 'Archive' });
  const dragOnto = async (name: string) => {
    const target = tree.getByRole('treeitem', { name }).getByRole('link', { name }).locator('..');
    await card.hover();
    await page.mouse.down();
    const box = (await target.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 8 });
    await expect(target).toHaveClass(/ring-2/);
    await page.mouse.up();
  };

  await dragOnto('Old');
  await expectToast(page, 'A folder cannot be moved into itself or one of its subfolders');
  const stayed = await request.get(`/api/folders/${archive}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(((await stayed.json()) as { folder: { parent_id: number | null } }).folder.parent_id).toBe(projects);

  await dragOnto('Photos');
  await expectToast(page, '1 item moved to Photos');
  const moved = await request.get(`/api/folders/${archive}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(((await moved.json()) as { folder: { parent_id: number | null } }).folder.parent_id).toBe(photos);
  await expect(card).toHaveCount(0);
});
