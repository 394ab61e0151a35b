// Totals from the vitest and Playwright JSON reports in test-results/.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

export function summarize(dir) {
  const vitest = readJson(path.join(dir, 'vitest.json'));
  const playwright = readJson(path.join(dir, 'playwright.json'));
  const passed = (vitest?.numPassedTests ?? 0) + (playwright?.stats?.expected ?? 0) + (playwright?.stats?.flaky ?? 0);
  const failed = (vitest?.numFailedTests ?? 0) + (playwright?.stats?.unexpected ?? 0);
  return { passed, failed };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test-results');
  const { passed, failed } = summarize(dir);
  console.log(`tests: ${passed} passed, ${failed} failed`);
}
