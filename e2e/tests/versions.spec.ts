import { expect, expectToast, test } from './fixtures';
import { apiToken, uploadThroughPage } from './file-helpers';
import { registerViaApi, signInViaApi } from './helpers';

test('replacing a file keeps its older content as a version, which the file page restores', async ({ page, request }) => {
  // Two uploads through the page, each followed by its 2-second pause before the dashboard opens.
  const account = await registerViaApi(request);
  const token = await apiToken(request, account);
  const auth = { headers: { Authorization: `Bearer ${token}` } };
  const first = 'first draft of the notes\n';
  const second = 'second draft of the notes, changed\n';
  await signInViaApi(page, account);

  await uploadThroughPage(page, 'notes.txt', first);
  await expectToast(page, 'Files uploaded successfully!');
  await expect(page).toHaveURL(/\/dashboard$/);

  // The same name again: the upload asks, and Replace makes it the file's new content.
  await uploadThroughPage(page, 'notes.txt', second);
  const clash = page.getByRole('dialog', { name: '“notes.txt” already exists' });
  await expect(clash).toBeVisible();
  await clash.getByRole('button', { name: /^Replace/ }).click();
  // The first upload's toast may still show: the return to the dashboard is this upload's own sign of success.
  await expect(page).toHaveURL(/\/dashboard$/);

  const listed = await (await request.get('/api/files?search=notes', auth)).json();
  expect(listed.files.map((f: { original_name: string }) => f.original_name)).toEqual(['notes.txt']);
  const id = listed.files[0].id as number;
  expect(await (await request.get(`/api/files/${id}/download`, auth)).text()).toBe(second);

  await page.goto(`/files/${id}`);
  const card = page.getByRole('region', { name: 'Versions' });
  await expect(card).toContainText('Current');
  await expect(card.getByRole('button', { name: /^Restore the version of/ })).toHaveCount(1);
  await card.getByRole('button', { name: /^Restore the version of/ }).click();
  await expect(page.getByText('Version restored: it is the current content now')).toBeVisible();
  expect(await (await request.get(`/api/files/${id}/download`, auth)).text()).toBe(first);
  // What was current is kept in turn, and can be restored back.
  await expect(card.getByRole('button', { name: /^Restore the version of/ })).toHaveCount(2);
  await expect(card.getByText(`${Buffer.byteLength(second)} Bytes`)).toBeVisible();
});
