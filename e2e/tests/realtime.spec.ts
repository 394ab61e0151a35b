import { collectErrors, expect, expectToast, test } from './fixtures';
import { newAccount, registerViaApi, signInViaApi, storedSession, uploadViaApi } from './helpers';
import { pdfDocument, textFile } from './samples';

const live = (page: import('@playwright/test').Page) => page.getByRole('status', { name: 'Live updates connected' });

test('a file shared with another user appears in their Shared with me list without a reload; a private upload never does', async ({ page, browser, request }) => {
  const owner = await registerViaApi(request, newAccount('owner'));
  const friend = await registerViaApi(request, newAccount('friend'));
  const friendContext = await browser.newContext();
  const friendPage = await friendContext.newPage();
  const friendErrors = collectErrors(friendPage);
  const frames: string[] = [];
  friendPage.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => frames.push(String(payload))));

  await signInViaApi(page, owner);
  await signInViaApi(friendPage, friend);
  await expect(live(page)).toBeVisible();
  await expect(live(friendPage)).toBeVisible();
  // Files shared with someone are listed on their Sharing page, apart from their own files.
  await friendPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sharing' }).click();
  await expect(friendPage.getByText('Nobody has shared a file with you yet.')).toBeVisible();
  // Survives only if the page is never reloaded.
  await friendPage.evaluate(() => Object.assign(window, { vaultNotReloaded: true }));

  const suffix = Date.now().toString(36);
  const privateName = `private-notes-${suffix}.txt`;
  const reportName = `quarterly-report-${suffix}.pdf`;
  const { token } = await storedSession(page);
  await uploadViaApi(request, token!, { name: privateName, mimeType: 'text/plain', buffer: textFile('only mine') });
  await uploadViaApi(request, token!, { name: reportName, mimeType: 'application/pdf', buffer: pdfDocument('Q3 report') });

  // The owner's own list follows both uploads live.
  const ownerList = page.getByRole('main');
  await expect(ownerList.getByText(privateName)).toBeVisible();
  await expect(ownerList.getByText(reportName)).toBeVisible();

  await page.getByRole('button', { name: `Share ${reportName}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Share with people').fill(friend.username);
  await dialog.getByRole('button', { name: 'Add' }).click();
  await dialog.getByRole('button', { name: 'Update Sharing' }).click();
  await expectToast(page, 'File sharing updated successfully!');

  const friendList = friendPage.getByRole('main');
  await expect(friendList.getByText(reportName)).toBeVisible();
  await expect(friendList.getByText(privateName)).toHaveCount(0);
  expect(await friendPage.evaluate(() => 'vaultNotReloaded' in window)).toBe(true);
  // The friend's socket carried ids only: neither name ever reached it.
  expect(frames.length).toBeGreaterThan(0);
  expect(frames.join('\n')).not.toContain(privateName);
  expect(frames.join('\n')).not.toContain(reportName);

  await friendContext.close();
  expect(friendErrors).toEqual([]);
});

test('logging out in one tab logs out the others', async ({ page, request }) => {
  const account = await registerViaApi(request);
  await signInViaApi(page, account);
  const otherTab = await page.context().newPage();
  const otherErrors = collectErrors(otherTab);
  await otherTab.goto('/dashboard');
  await expect(live(otherTab)).toBeVisible();

  await page.getByRole('button', { name: `Account menu for ${account.username}` }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(otherTab).toHaveURL(/\/login$/);
  await expect(otherTab.getByRole('status', { name: /Live updates/ })).toHaveCount(0);
  expect(otherErrors).toEqual([]);
});

test('warns after 25 idle minutes, counts down each second and logs out at zero', async ({ page, request }) => {
  const account = await registerViaApi(request);
  await page.clock.install();
  await signInViaApi(page, account);
  // From here the page's time moves only when the test says so; the last activity is now.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await page.mouse.move(5, 300);

  const warning = page.getByRole('dialog', { name: 'Session Timeout Warning' });
  const timer = warning.getByRole('timer');
  const secondsLeft = async () => {
    const [minutes, seconds] = (await timer.textContent())!.split(':').map(Number);
    return minutes! * 60 + seconds!;
  };

  // Idle time is checked every 30 s: within 30 s past 25 idle minutes the warning is up.
  await page.clock.runFor('25:30');
  await expect(warning).toBeVisible();
  await expect(warning.getByText("You'll be logged out due to inactivity")).toBeVisible();
  await expect(timer).toHaveText(/^[45]:[0-5]\d$/);
  // It opened at 5:00 at most one 30 s check interval ago.
  const left = await secondsLeft();
  expect(left).toBeGreaterThanOrEqual(300 - 30);
  await page.clock.runFor(1000);
  expect(await secondsLeft()).toBe(left - 1);

  await warning.getByRole('button', { name: 'Stay Active' }).click();
  await expect(warning).toBeHidden();

  await page.clock.runFor('25:30');
  await expect(warning).toBeVisible();
  await page.clock.runFor((await secondsLeft()) * 1000 - 1000);
  await expect(timer).toHaveText('0:01');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.clock.runFor(1000);
  await expect(page).toHaveURL(/\/login$/);
  await page.clock.runFor(100);
  await expectToast(page, 'Logged out successfully');
});
