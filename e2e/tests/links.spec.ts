import fs from 'node:fs';
import { collectErrors, expect, expectToast, test } from './fixtures';
import { apiFolder, apiUpload } from './file-helpers';
import { apiSession, newAccount, registerViaApi, signInViaApi, storedSession, uploadViaApi } from './helpers';
import { textFile } from './samples';

test('a password link opens in a fresh anonymous browser, and its download reaches the owner live', async ({ page, browser, request }) => {
  const owner = await registerViaApi(request, newAccount('linker'));
  await signInViaApi(page, owner);
  const { token } = await storedSession(page);
  const name = `contract-${Date.now().toString(36)}.txt`;
  const content = textFile('the signed contract');
  await uploadViaApi(request, token!, { name, mimeType: 'text/plain', buffer: content });

  await page.getByRole('button', { name: `Share ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Share file' });
  await dialog.getByRole('button', { name: 'New link' }).click();
  const form = dialog.getByRole('form', { name: 'New share link' });
  await form.getByLabel('Label (optional)').fill('For the notary');
  await form.getByLabel('Password (optional)').fill('notary secret');
  await form.getByRole('button', { name: 'Create link' }).click();
  await expectToast(page, 'Share link created');
  const address = dialog.getByLabel('Address of For the notary');
  await expect(address).toHaveValue(/\/s\/[A-Za-z0-9_-]{43}$/);
  const url = await address.inputValue();
  await dialog.getByRole('button', { name: 'QR code' }).click();
  await expect(dialog.getByRole('img', { name: `QR code of ${url}` })).toBeVisible();

  const visitor = await browser.newContext({ acceptDownloads: true });
  const visitorPage = await visitor.newPage();
  const visitorErrors = collectErrors(visitorPage);
  await visitorPage.goto(url);
  await expect(visitorPage.getByRole('heading', { name: 'Password required' })).toBeVisible();
  await expect(visitorPage.getByText(name)).toHaveCount(0);
  await visitorPage.getByLabel('Password').fill('wrong guess');
  await visitorPage.getByRole('button', { name: 'Unlock' }).click();
  await expect(visitorPage.getByText('Wrong password.')).toBeVisible();
  await visitorPage.getByLabel('Password').fill('notary secret');
  await visitorPage.getByRole('button', { name: 'Unlock' }).click();
  await expect(visitorPage.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(visitorPage.getByText(`Shared by ${owner.username}`)).toBeVisible();

  const [download] = await Promise.all([visitorPage.waitForEvent('download'), visitorPage.getByRole('link', { name: 'Download' }).click()]);
  expect(download.suggestedFilename()).toBe(name);
  expect(fs.readFileSync((await download.path())!).equals(content)).toBe(true);
  await expectToast(page, 'Someone started a download through one of your share links');
  await expect(dialog.getByText(/1\s*download/)).toBeVisible();

  await visitor.close();
  expect(visitorErrors).toEqual([]);
});

test('a password link left open renews its grant: after 21 minutes its download carries a fresh one that the server honours', async ({ browser, request }) => {
  const owner = await registerViaApi(request, newAccount('renewer'));
  const { token } = await apiSession(request, owner);
  const name = `minutes-${Date.now().toString(36)}.txt`;
  const content = textFile('kept open for a while');
  const fileId = await uploadViaApi(request, token, { name, mimeType: 'text/plain', buffer: content });
  const created = await request.post('/api/links', { headers: { Authorization: `Bearer ${token}` }, data: { item: { type: 'file', id: fileId }, password: 'long evening' } });
  expect(created.status()).toBe(201);
  const { path } = (await created.json()).link as { path: string };

  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  // The page's clock, not the server's: the grant it renews is a real one, checked by the server.
  await page.clock.install();
  await page.goto(path);
  await page.getByLabel('Password').fill('long evening');
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const download = page.getByRole('link', { name: 'Download' });

  const renewal = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/grant'));
  await page.clock.fastForward('21:00');
  expect((await renewal).status()).toBe(200);
  const { grant } = (await (await renewal).json()) as { grant: string };
  const renewed = `${path.replace('/s/', '/api/s/')}/download?grant=${grant}`;
  await expect(download).toHaveAttribute('href', renewed);
  const answer = await request.get(renewed);
  expect(answer.status()).toBe(200);
  expect(Buffer.from(await answer.body()).equals(content)).toBe(true);
  await visitor.close();
});

test('a file request takes an anonymous upload that the owner sees arrive live', async ({ page, browser, request }) => {
  const owner = await registerViaApi(request, newAccount('requester'));
  await signInViaApi(page, owner);
  const { token } = await storedSession(page);
  const folderName = `Inbox ${Date.now().toString(36)}`;
  const folderId = await apiFolder(request, token!, folderName);

  await page.goto('/sharing');
  await page.getByRole('button', { name: 'New file request' }).click();
  const dialog = page.getByRole('dialog', { name: 'New file request' });
  await dialog.getByLabel('Into folder').selectOption({ label: folderName });
  await dialog.getByLabel('Message to visitors (optional)').fill('Please send the signed forms.');
  await dialog.getByRole('button', { name: 'Create request' }).click();
  const address = dialog.getByLabel('Address of the file request');
  await expect(address).toHaveValue(/\/r\/[A-Za-z0-9_-]{43}$/);
  const url = await address.inputValue();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await page.goto(`/folders/${folderId}`);
  await expect(page.getByRole('heading', { level: 1, name: folderName })).toBeVisible();

  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  const visitorErrors = collectErrors(visitorPage);
  await visitorPage.goto(url);
  await expect(visitorPage.getByRole('heading', { name: `Send files to ${owner.username}` })).toBeVisible();
  await expect(visitorPage.getByText('Please send the signed forms.')).toBeVisible();
  await expect(visitorPage.getByText(folderName)).toHaveCount(0);
  const fileName = `form-${Date.now().toString(36)}.txt`;
  await visitorPage.getByLabel('Files to upload', { exact: true }).setInputFiles({ name: fileName, mimeType: 'text/plain', buffer: textFile('signed form') });
  await visitorPage.getByLabel('Your name (optional)').fill('Dana Visitor');
  // The file goes resumably (tus) through the request's own endpoint, never with a session.
  const tusCalls: { method: string; path: string; session: boolean }[] = [];
  visitorPage.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/r/')) tusCalls.push({ method: r.method(), path, session: r.headers()['authorization'] !== undefined });
  });
  await visitorPage.getByRole('button', { name: 'Send 1 file' }).click();
  await expect(visitorPage.getByRole('list', { name: 'Sent files' }).getByText(fileName)).toBeVisible();
  const uploadsPath = new RegExp(`^/api/r/${url.split('/r/')[1]}/uploads(/[0-9a-f]{32})?$`);
  expect(tusCalls.filter((c) => c.method !== 'GET').map((c) => [c.method, uploadsPath.test(c.path), c.session])).toEqual([
    ['POST', true, false],
    ['PATCH', true, false],
  ]);

  await expectToast(page, 'A file arrived through one of your file requests');
  await expect(page.getByRole('main').getByText(fileName)).toBeVisible();

  await visitor.close();
  expect(visitorErrors).toEqual([]);
});

test('on a phone, names and facts beside buttons are shown whole, facts wrapping between them: sharing lists, the Share dialog, sessions', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const owner = await registerViaApi(request, newAccount('phone'));
  await signInViaApi(page, owner);
  const { token } = await storedSession(page);
  const [fileId] = await apiUpload(request, token!, [{ name: 'Quarterly report for the board.txt', mimeType: 'text/plain', buffer: textFile('q') }], { is_public: 'true' });
  const expires = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const link = await request.post('/api/links', {
    headers: { Authorization: `Bearer ${token}` },
    data: { item: { type: 'file', id: fileId }, password: 'a long secret', max_downloads: 10, expires_at: expires },
  });
  expect(link.status()).toBe(201);

  await page.goto('/sharing');
  const facts = async (list: string) => {
    const items = page.getByRole('list', { name: list }).getByRole('listitem');
    await expect(items).toHaveCount(1);
    // The line of facts: the row's text block holding a ' · '.
    return items.first().locator('div', { hasText: ' · ' }).last();
  };
  for (const line of [await facts('Public Files'), await facts('Links')]) {
    await expect(line).toBeVisible();
    expect(await line.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  }
  // Every fact of the link is there, and the line broke between facts.
  const linkFacts = await facts('Links');
  await expect(linkFacts).toContainText(/Password\s·\sExpires\s.+\s·\s0\/10\sdownloads\s·\s0\sviews/);
  const shape = await linkFacts.evaluate((el) => {
    const lineHeight = parseFloat(getComputedStyle(el).lineHeight);
    const range = document.createRange();
    range.selectNodeContents(el);
    // The state's badge, then a span per fact.
    const [, ...factSpans] = [...el.children];
    return {
      lines: new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size,
      facts: factSpans.length,
      // A fact breaks inside only when it alone is wider than the line: then it fills the line.
      brokenShort: factSpans
        .filter((span) => span.getBoundingClientRect().height > lineHeight * 1.5 && span.getBoundingClientRect().width < el.clientWidth - 1)
        .map((span) => span.textContent),
    };
  });
  expect(shape).toEqual({ lines: expect.any(Number), facts: 4, brokenShort: [] });
  expect(shape.lines).toBeGreaterThan(1);

  // In the file's Share dialog the link's name keeps its room beside its state, Edit and Revoke.
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Share Quarterly report for the board.txt' }).click();
  const linkName = page.getByRole('dialog', { name: 'Share file' }).getByText('Share link', { exact: true });
  await expect(linkName).toBeVisible();
  expect(await linkName.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await page.keyboard.press('Escape');

  // A session's facts (the sign-ins through the API are other sessions) keep the row's width, in two lines, with Sign out under them.
  await page.goto('/settings');
  const other = page.getByTestId('session-row').filter({ has: page.getByRole('button', { name: /Sign out/ }) }).first();
  await expect(other).toBeVisible();
  const sessionFacts = other.locator('p').filter({ hasText: /Signed in/ });
  expect(await sessionFacts.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  const [factsBox, buttonBox] = [await sessionFacts.boundingBox(), await other.getByRole('button', { name: /Sign out/ }).boundingBox()];
  const lineHeight = await sessionFacts.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
  expect(factsBox!.height).toBeLessThanOrEqual(2 * lineHeight + 1);
  expect(buttonBox!.y).toBeGreaterThanOrEqual(factsBox!.y + factsBox!.height);
});

test('the sharing page is one scroll on a phone: a long list shows five rows, then all of them, and never scrolls on its own; card buttons stay inside their card', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const owner = await registerViaApi(request, newAccount('many'));
  await signInViaApi(page, owner);
  const { token } = await storedSession(page);
  const [fileId] = await apiUpload(request, token!, [{ name: 'handout.txt', mimeType: 'text/plain', buffer: textFile('h') }]);
  for (let i = 1; i <= 30; i++) {
    const link = await request.post('/api/links', { headers: { Authorization: `Bearer ${token}` }, data: { item: { type: 'file', id: fileId }, label: `Copy ${i}` } });
    expect(link.status()).toBe(201);
  }

  const inbox = await apiFolder(request, token!, 'Inbox');
  const fileRequest = await request.post('/api/requests', { headers: { Authorization: `Bearer ${token}` }, data: { folder_id: inbox } });
  const { request: created } = (await fileRequest.json()) as { request: { id: number } };
  await request.delete(`/api/requests/${created.id}`, { headers: { Authorization: `Bearer ${token}` } });

  await page.goto('/sharing');
  // "Remove ended requests" and "New file request" are wider than a phone's card together: they wrap inside it.
  const requests = page.locator('section').filter({ has: page.getByRole('list', { name: 'File requests' }) });
  const card = (await requests.boundingBox())!;
  for (const name of ['Remove ended requests', 'New file request']) {
    const box = (await requests.getByRole('button', { name }).boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(card.x + card.width);
  }
  const links = page.getByRole('list', { name: 'Links' });
  await expect(links.getByRole('listitem')).toHaveCount(5);
  await page.getByRole('button', { name: 'Show all 30' }).click();
  await expect(links.getByRole('listitem')).toHaveCount(30);
  // No box of its own to scroll: the list is as tall as its rows, and the page scrolls instead.
  expect(await links.evaluate((el) => el.scrollHeight <= el.clientHeight)).toBe(true);
  expect(await links.evaluate((el) => getComputedStyle(el).overflowY)).toBe('visible');
  await links.getByRole('listitem').last().scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await expect(links.getByRole('listitem').last()).toBeInViewport();
});
