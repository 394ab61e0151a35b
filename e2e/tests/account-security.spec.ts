import { generate } from 'otplib';
import { expect, expectToast, test } from './fixtures';
import { dashboardGreeting, registerViaApi, signIn } from './helpers';

/** The code an authenticator app shows for `secret`, `offsetSeconds` from now. */
function codeAt(secret: string, offsetSeconds = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });
}

test('turns on two-factor sign-in from the QR secret, signs out, and signs in with a generated code', async ({ page, request }) => {
  const account = await registerViaApi(request);
  await signIn(page, account);

  await page.getByRole('button', { name: `Account menu for ${account.username}` }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  // Shown in blocks of 4, it still selects (and so copies) as one unspaced key.
  await page.getByTestId('totp-secret').click();
  expect(await page.evaluate(() => getSelection()?.toString())).toBe(secret);
  // Confirm with the current step's code: should the step end before the click, it is still inside the window.
  await page.getByLabel('Code from the app').fill(await codeAt(secret));
  await page.locator('#two-factor').getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('10 recovery codes left.')).toBeVisible();

  await page.getByRole('button', { name: `Account menu for ${account.username}` }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  // A wrong code is refused in the same card.
  await page.getByLabel('Authentication code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid or already used code');
  // The next step's code: always newer than the one spent above, and inside the window.
  await page.getByLabel('Authentication code').fill(await codeAt(secret, 30));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(dashboardGreeting(page, account.username)).toBeVisible();
});

test('signs out another session from Settings, and that browser is signed out', async ({ page, browser, request }) => {
  const account = await registerViaApi(request);
  const other = await browser.newContext();
  try {
    const otherPage = await other.newPage();
    await signIn(otherPage, account);
    await signIn(page, account);

    await page.goto('/settings');
    const rows = page.getByTestId('session-row');
    // The registration's session, the other browser's, and this one.
    await expect(rows).toHaveCount(3);
    await expect(rows.filter({ hasText: 'This device' })).toHaveCount(1);
    await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await expectToast(page, 'Signed out 2 other sessions');
    await expect(rows).toHaveCount(1);

    // The other browser's socket closes at once; its next request finds the session gone. A page
    // load, not a click in its menu: the app may have left for the sign-in page already.
    await otherPage.goto('/folders');
    await expect(otherPage).toHaveURL(/\/login\?next=%2Ffolders$/);
  } finally {
    await other.close();
  }
});
