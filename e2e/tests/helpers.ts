import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

export interface Account {
  username: string;
  email: string;
  password: string;
}

let counter = 0;

/** A username no other test (or earlier run on the same server) uses. */
export function newAccount(prefix = 'user'): Account {
  counter += 1;
  const username = `${prefix}_${Date.now().toString(36)}_${process.pid}_${counter}`;
  return { username, email: `${username}@example.com`, password: 'secret123' };
}

export async function registerViaApi(request: APIRequestContext, account: Account = newAccount()): Promise<Account> {
  const response = await request.post('/api/auth/register', { data: account });
  expect(response.status(), await response.text()).toBe(201);
  return account;
}

/** Signs in through the form, as a person does: for the tests of signing in itself. */
export async function signIn(page: Page, account: Pick<Account, 'username' | 'password'>): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expectDashboardOf(page, account);
}

/** The session the server answers a sign-in with (accounts without two-factor sign-in). */
export async function apiSession(request: APIRequestContext, account: Pick<Account, 'username' | 'password'>): Promise<{ token: string; user: unknown }> {
  const response = await request.post('/api/auth/login', { data: { username: account.username, password: account.password } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { token: string; user: unknown };
}

/**
 * Opens the dashboard signed in, with the session stored where the app keeps it
 * after the form: for tests whose subject is not signing in, which need not load
 * and fill the sign-in page first.
 */
export async function signInViaApi(page: Page, account: Pick<Account, 'username' | 'password'>): Promise<void> {
  const session = await apiSession(page.request, account);
  // Storage belongs to the origin; its smallest page will do.
  await page.goto('/api/health');
  await page.evaluate(({ token, user }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('user', JSON.stringify(user));
    localStorage.setItem('lastActivity', String(Date.now()));
  }, session);
  await page.goto('/dashboard');
  await expectDashboardOf(page, account);
}

/** The dashboard's greeting: "Welcome, {name}" for an account without files yet, "Welcome back, {name}" after. */
export function dashboardGreeting(page: Page, username: string) {
  return page.getByRole('heading', { level: 1, name: new RegExp(`^Welcome(?: back)?, ${username}$`) });
}

async function expectDashboardOf(page: Page, account: Pick<Account, 'username'>): Promise<void> {
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(dashboardGreeting(page, account.username)).toBeVisible();
}

export async function storedSession(page: Page) {
  return page.evaluate(() => ({
    token: localStorage.getItem('token'),
    user: localStorage.getItem('user'),
    lastActivity: localStorage.getItem('lastActivity'),
  }));
}

export interface UploadSpec {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** Uploads one file as the holder of `token`; returns its id. */
export async function uploadViaApi(request: APIRequestContext, token: string, file: UploadSpec, isPublic = false): Promise<number> {
  const response = await request.post('/api/files/upload', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { is_public: String(isPublic), files: file },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { files: Array<{ id: number }> };
  return body.files[0]!.id;
}

/** The pixels an input's hint leaves free: below 0 it is cut. */
export function placeholderRoom(input: Locator): Promise<number> {
  return input.evaluate((field: HTMLInputElement) => {
    const style = getComputedStyle(field);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = style.font;
    return field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - context.measureText(field.placeholder).width;
  });
}
