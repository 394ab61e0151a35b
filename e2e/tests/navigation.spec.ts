import { expect, test } from './fixtures';
import { dashboardGreeting, registerViaApi, signInViaApi } from './helpers';

test('anonymous visitors are sent to /login', async ({ page }) => {
  await page.goto('/upload');
  await expect(page).toHaveURL(/\/login\?next=%2Fupload$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Vault' })).toBeVisible();
});

test('/admin sends a non-admin to /dashboard', async ({ page, request }) => {
  const account = await registerViaApi(request);
  await signInViaApi(page, account);
  await expect(page.getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);

  await page.goto('/admin');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(dashboardGreeting(page, account.username)).toBeVisible();
});

test('the navigation bar highlights the current route', async ({ page, request }) => {
  await signInViaApi(page, await registerViaApi(request));
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Folders' }).click();
  await expect(page).toHaveURL(/\/folders$/);
  await expect(nav.getByRole('link', { name: 'Folders' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current', 'page');
});

test.describe('on a 390 px wide screen', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the drawer opens, navigates and closes', async ({ page, request }) => {
    await signInViaApi(page, await registerViaApi(request));
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();

    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await expect(drawer).toBeVisible();
    await drawer.getByRole('link', { name: 'Upload' }).click();

    await expect(page).toHaveURL(/\/upload$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Upload Files' })).toBeVisible();

    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  });

  test('Logout in the drawer closes it and returns to /login', async ({ page, request }) => {
    await signInViaApi(page, await registerViaApi(request));
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await drawer.getByRole('button', { name: 'Logout' }).click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(drawer).toBeHidden();
  });
});
