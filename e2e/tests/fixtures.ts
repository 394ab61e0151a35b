import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';

/** Collects what the page throws or logs as an error, except Chrome's lines for expected 4xx answers. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      errors.push(`console: ${message.text()}`);
    }
  });
  return errors;
}

/** Runs in the page before its own scripts: keeps the text of every toast shown, as it is drawn. */
function keepToastTexts(): void {
  const shown: string[] = [];
  (globalThis as unknown as { vaultToasts: string[] }).vaultToasts = shown;
  new MutationObserver((records) => {
    for (const record of records) {
      const nodes = [record.target, ...record.addedNodes];
      for (const node of nodes) {
        const element = node instanceof Element ? node : node.parentElement;
        const toast = element?.closest('[data-sonner-toast]') ?? element?.querySelector('[data-sonner-toast]');
        if (toast?.textContent) shown.push(toast.textContent);
      }
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

/** Every page of `context` keeps the toasts it shows (see expectToast); the test's own context does already. */
export async function keepToasts(context: BrowserContext): Promise<void> {
  await context.addInitScript(keepToastTexts);
}

/**
 * A toast with `text` was shown. A toast lasts four seconds, and on a starved
 * machine it can come and go between two looks at the page, or before a slow
 * action returns: the page's record of what it showed is read instead.
 */
export async function expectToast(page: Page, text: string, options: { timeout?: number } = {}): Promise<void> {
  const shown = () => page.evaluate((wanted) => ((globalThis as unknown as { vaultToasts?: string[] }).vaultToasts ?? []).some((t) => t.includes(wanted)), text);
  await expect.poll(shown, { message: `a toast saying "${text}"`, ...options }).toBe(true);
}

/**
 * Every test fails if the page throws or logs an error (a CSP violation, a React
 * warning promoted to error...). Chrome's own 'Failed to load resource' lines for
 * expected 4xx answers are not app errors and are ignored.
 */
export const test = base.extend<{ pageErrors: string[]; toasts: void }>({
  toasts: [
    async ({ context }, use) => {
      await keepToasts(context);
      await use();
    },
    { auto: true },
  ],
  pageErrors: [
    async ({ page }, use) => {
      const errors = collectErrors(page);
      await use(errors);
      expect(errors, 'errors in the browser console').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
