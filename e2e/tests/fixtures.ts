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

/** A toast the page showed, and whether an expectToast has counted it already. */
interface ShownToast {
  text: string;
  counted: boolean;
}

/** Runs in the page before its own scripts: keeps the text of every toast shown, as it is drawn. */
function keepToastTexts(): void {
  const shown: ShownToast[] = [];
  const byElement = new WeakMap<Element, ShownToast>();
  (globalThis as unknown as { vaultToasts: ShownToast[] }).vaultToasts = shown;
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of [record.target, ...record.addedNodes]) {
        const element = node instanceof Element ? node : node.parentElement;
        const toast = element?.closest('[data-sonner-toast]') ?? element?.querySelector('[data-sonner-toast]');
        if (!toast) continue;
        let entry = byElement.get(toast);
        if (!entry) {
          entry = { text: '', counted: false };
          byElement.set(toast, entry);
          shown.push(entry);
        }
        entry.text = toast.textContent ?? '';
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
  // Each toast counts once: the same message twice needs two toasts.
  const shown = () =>
    page.evaluate((wanted) => {
      const toasts = (globalThis as unknown as { vaultToasts?: ShownToast[] }).vaultToasts ?? [];
      const toast = toasts.find((t) => !t.counted && t.text.includes(wanted));
      if (toast) toast.counted = true;
      return toast !== undefined;
    }, text);
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
