import type { APIRequestContext, Page } from '@playwright/test';
import { generate } from 'otplib';
import { expect, expectToast, test } from './fixtures';
import { apiToken, apiUpload } from './file-helpers';
import { apiSession, dashboardGreeting, newAccount, registerViaApi, signIn, storedSession, type Account } from './helpers';
import { textFile } from './samples';

test('registering opens the dashboard with the username', async ({ page }) => {
  const account = newAccount('reg');
  await page.goto('/register');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password').fill(account.password);
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expectToast(page, 'Registration successful!');
  await expect(page).toHaveURL(/\/dashboard$/);
  // A new account is welcomed, not welcomed back, and its empty list offers an upload of its own.
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${account.username}` })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Upload' })).toHaveCount(2);
  const session = await storedSession(page);
  expect(session.token).toBeTruthy();
  expect(JSON.parse(session.user ?? '{}')).toMatchObject({ username: account.username, email: account.email, is_admin: false });
});

test('the session survives a reload', async ({ page, request }) => {
  const account = await registerViaApi(request);
  await signIn(page, account);
  await page.reload();
  await expect(dashboardGreeting(page, account.username)).toBeVisible();
});

test('logging out returns to /login and clears the session', async ({ page, request }) => {
  const account = await registerViaApi(request);
  await signIn(page, account);

  await page.getByRole('button', { name: `Account menu for ${account.username}` }).click();
  await expect(page.getByRole('menu').getByText(account.email)).toBeVisible();
  await page.getByRole('menuitem', { name: 'Logout' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expectToast(page, 'Logged out successfully');
  expect(await storedSession(page)).toEqual({ token: null, user: null, lastActivity: null });

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/);
});

test("signing in from a private file's link opens the file", async ({ page, request }) => {
  const account = await registerViaApi(request);
  const [id] = await apiUpload(request, await apiToken(request, account), [{ name: 'private-plan.txt', mimeType: 'text/plain', buffer: textFile('plan') }]);

  await page.goto(`/files/${id}`);
  await expect(page.getByRole('heading', { name: 'File not found' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
  // The User/Admin switch keeps where the visitor was going.
  await page.getByRole('button', { name: 'Admin Login' }).click();
  await page.getByRole('button', { name: 'User Login' }).click();
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(new RegExp(`/files/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'private-plan.txt' })).toBeVisible();
});

test('a sign-in link naming another site opens the dashboard', async ({ page, request }) => {
  const account = await registerViaApi(request);
  await page.goto('/login?next=https%3A%2F%2Fexample.org%2F');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('Fill Demo Credentials signs in as the demo user', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Fill Demo Credentials' }).click();
  await expect(page.getByLabel('Username')).toHaveValue('demo');
  await expect(page.getByLabel('Password')).toHaveValue('demo123');
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expectToast(page, 'Successfully logged in!');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(dashboardGreeting(page, 'demo')).toBeVisible();
});

test('Admin Login with the demo admin reaches the admin panel', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Admin Login' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
  await page.getByRole('button', { name: 'Fill Demo Credentials' }).click();
  await expect(page.getByLabel('Username')).toHaveValue('admin');
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('ADMIN', { exact: true })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin Panel' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
});

test('Admin Login refuses a non-admin account and stores nothing', async ({ page, request }) => {
  const account = await registerViaApi(request);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Admin Login' }).click();
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page.getByRole('alert')).toContainText('does not have administrator access');
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedSession(page)).toEqual({ token: null, user: null, lastActivity: null });
});

test('a wrong password shows the server message', async ({ page, request }) => {
  const account = await registerViaApi(request);
  await page.goto('/login');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page.getByRole('main').getByRole('alert')).toBeVisible();
  await expect(page.getByRole('alert')).not.toHaveText('Login failed');
  await expect(page).toHaveURL(/\/login$/);
});

/** Turns on two-factor sign-in for an account through the API, as Settings does. */
async function turnOnTwoFactor(request: APIRequestContext, account: Account): Promise<void> {
  const headers = { authorization: `Bearer ${(await apiSession(request, account)).token}` };
  const setup = await request.post('/api/account/2fa/setup', { headers });
  const { secret } = (await setup.json()) as { secret: string };
  const enable = await request.post('/api/account/2fa/enable', { headers, data: { password: account.password, code: await generate({ secret }) } });
  expect(enable.status(), await enable.text()).toBe(200);
}

/** The sign-in card's distance from the top of the page. */
async function cardTop(page: Page): Promise<number> {
  const card = page.getByRole('main').locator('> div').filter({ has: page.getByRole('heading', { level: 1 }) });
  return (await card.boundingBox())!.y;
}

test('the sign-in card keeps its place: errors, Admin Login and the two-factor step do not move its top', async ({ page, request }) => {
  const account = await registerViaApi(request);
  await turnOnTwoFactor(request, account);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Fill Demo Credentials' })).toBeVisible();
  const top = await cardTop(page);

  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Username is required')).toBeVisible();
  expect(await cardTop(page)).toBe(top);

  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toBeVisible();
  expect(await cardTop(page)).toBe(top);

  await page.getByRole('button', { name: 'Admin Login' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
  expect(await cardTop(page)).toBe(top);

  await page.getByRole('button', { name: 'User Login' }).click();
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Two-factor sign-in' })).toBeVisible();
  expect(await cardTop(page)).toBe(top);

  await page.getByLabel('Authentication code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toBeVisible();
  expect(await cardTop(page)).toBe(top);
});

test('switching User / Admin Login leaves the fields in place where one title wraps and the other does not (German, 390 px)', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('vault.language', 'de'));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  const username = page.getByLabel('Benutzername');
  const before = (await username.boundingBox())!.y;
  await page.getByRole('button', { name: 'Administrator', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Als Admin anmelden' })).toBeVisible();
  expect((await username.boundingBox())!.y).toBe(before);
});
