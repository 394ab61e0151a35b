import { expect, test } from './fixtures';
import { apiToken, fileRow, uploadThroughPage } from './file-helpers';
import { registerViaApi, signInViaApi } from './helpers';

test('a word inside an uploaded text finds the file, with the match shown', async ({ page, request }) => {
  const account = await registerViaApi(request);
  const token = await apiToken(request, account);
  const word = `kumquat${Date.now().toString(36)}`;
  await signInViaApi(page, account);

  await uploadThroughPage(page, 'minutes.txt', `Minutes of Monday.\nWe agreed on the ${word} budget for next year.\n`);
  await expect(page).toHaveURL(/\/dashboard$/);
  // The text is read after the upload is answered: wait until the server has it.
  await expect
    .poll(async () => (await (await request.get(`/api/files?search=${word}`, { headers: { Authorization: `Bearer ${token}` } })).json()).total)
    .toBe(1);

  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill(word);
  await search.press('Enter');
  const row = fileRow(page, 'minutes.txt');
  await expect(row).toContainText(`We agreed on the ${word} budget for next year.`);
  await expect(row.locator('mark')).toHaveText(word);
});
