import { test as base, expect, type Page } from '@playwright/test';

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

/**
 * Every test fails if the page throws or logs an error (a CSP violation, a React
 * warning promoted to error...). Chrome's own 'Failed to load resource' lines for
 * expected 4xx answers are not app errors and are ignored.
 */
export const test = base.extend<{ pageErrors: string[] }>({
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
