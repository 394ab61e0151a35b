import { expect, test } from '@playwright/test';
import { apiToken, apiUpload } from './file-helpers';
import { registerViaApi, signInViaApi } from './helpers';
import { textFile } from './samples';

const text = (name: string, size = 10) => ({ name, mimeType: 'text/plain', buffer: Buffer.concat([textFile(name), Buffer.alloc(size, 'x')]) });

test.describe('on a phone (390 × 844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the first file shows on the first screen, in a compact card, the figures closed below the files', async ({ page, request }) => {
    const account = await registerViaApi(request);
    const token = await apiToken(request, account);
    await apiUpload(request, token, [text('alpha.txt'), text('beta.txt'), text('gamma.txt')], { tags: ['work', 'q1'] });
    await apiUpload(request, token, [text('a rather long file name that would wrap on a phone screen.txt')], { is_public: 'true' });
    await signInViaApi(page, account);

    const cards = page.getByRole('list', { name: 'Your files' }).locator(':scope > li');
    await expect(cards).toHaveCount(4);
    const first = await cards.first().boundingBox();
    expect(first).not.toBeNull();
    expect(first!.y).toBeGreaterThanOrEqual(0);
    expect(first!.y + first!.height).toBeLessThanOrEqual(844);
    for (const card of await cards.all()) {
      expect((await card.boundingBox())!.height).toBeLessThan(140);
    }
    await expect(page.getByRole('button', { name: 'Statistics' })).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('heading', { name: 'Storage Analytics' })).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('a card’s tag chips stay clear of its action buttons', async ({ page, request }) => {
    const account = await registerViaApi(request);
    const token = await apiToken(request, account);
    const tags = ['board', 'confidential', 'finance', 'quarterly-report-q1-2026-final'];
    await apiUpload(request, token, [text('budget_2026.txt')], { tags });
    await signInViaApi(page, account);

    const card = page.getByRole('list', { name: 'Your files' }).getByRole('listitem').filter({ hasText: 'budget_2026.txt' }).first();
    const chips = card.getByRole('list', { name: 'Tags' }).getByRole('listitem');
    await expect(chips).toHaveCount(tags.length);
    const cardBox = (await card.boundingBox())!;
    const buttons = await Promise.all((await card.getByRole('button').all()).map((b) => b.boundingBox()));
    expect(buttons.length).toBeGreaterThan(0);
    for (const chip of await chips.all()) {
      const c = (await chip.boundingBox())!;
      expect(c.x + c.width, `${await chip.textContent()} leaves the card`).toBeLessThanOrEqual(cardBox.x + cardBox.width);
      for (const b of buttons) {
        const apart = c.x + c.width <= b!.x || b!.x + b!.width <= c.x || c.y + c.height <= b!.y || b!.y + b!.height <= c.y;
        expect(apart, `${await chip.textContent()} overlaps a button`).toBe(true);
      }
    }
  });
});

test('a sort chosen in a header survives a reload and is the server’s', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const account = await registerViaApi(request);
  const token = await apiToken(request, account);
  await apiUpload(request, token, [text('small.txt', 10)]);
  await apiUpload(request, token, [text('large.txt', 5000)]);
  await apiUpload(request, token, [text('medium.txt', 500)]);
  await signInViaApi(page, account);

  const table = page.getByRole('table', { name: 'Your files' });
  const names = () => table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.querySelector('p[title]')?.getAttribute('title')));
  await expect.poll(names).toEqual(['medium.txt', 'large.txt', 'small.txt']);

  const size = table.getByRole('columnheader', { name: /^Size/ });
  await size.getByRole('button', { name: 'Size' }).click();
  await expect(page).toHaveURL(/\?sort_by=file_size$/);
  await expect(size).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(names).toEqual(['large.txt', 'medium.txt', 'small.txt']);

  await size.getByRole('button', { name: 'Size' }).click();
  await expect(page).toHaveURL(/\?sort_by=file_size&sort_order=asc$/);
  await expect.poll(names).toEqual(['small.txt', 'medium.txt', 'large.txt']);

  await page.reload();
  await expect(table.getByRole('columnheader', { name: /^Size/ })).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(names).toEqual(['small.txt', 'medium.txt', 'large.txt']);
});
