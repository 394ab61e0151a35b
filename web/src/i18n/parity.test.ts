import { describe, expect, it } from 'vitest';
import { ACTIVITY_DETAIL_CODES, ERROR_MESSAGES, VALIDATION_TEMPLATES } from '@vault/contract';
import { LANGUAGES } from './languages';
import { en, loadLanguagePack, type Namespace } from './resources';

/** What a text needs from the code: its {{variables}} (with the format each is written in) and its <tags> for components. */
function placeholders(text: string): string[] {
  const variables = [...text.matchAll(/\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g)].map((m) => `{{${m[1]}${m[2] ? `, ${m[2]}` : ''}}}`);
  const tags = [...text.matchAll(/<(\w+)>/g)].map((m) => `<${m[1]}>`);
  return [...new Set([...variables, ...tags])].sort();
}

const namespaces = Object.keys(en) as Namespace[];

/** A text's keys for an id: the id itself, or its `_one`/`_other` pair. */
function keysFor(texts: Record<string, string>, key: string): string[] {
  return [key, `${key}_one`, `${key}_other`].filter((k) => k in texts);
}

// The audit log's details are said in the interface language only where the admin texts have one per id.
describe.each(LANGUAGES.map((l) => l.code))('%s activity details', (language) => {
  it.each(ACTIVITY_DETAIL_CODES)('%s has a text (or a pair for its count)', async (code) => {
    const admin = (await loadLanguagePack(language)).texts.admin;
    const key = `activity.detail.${code}`;
    expect([[key], [`${key}_one`, `${key}_other`]]).toContainEqual(keysFor(admin, key));
  });
});
const others = LANGUAGES.map((l) => l.code).filter((code) => code !== 'en');

describe.each(others)('%s texts', (language) => {
  // The server's sentences are said in the interface language only where its catalogues have a text.
  it('have a text for every sentence the server catalogues', async () => {
    const { texts } = await loadLanguagePack(language);
    expect(Object.keys(texts.errors ?? {}).sort()).toEqual(Object.keys(ERROR_MESSAGES).sort());
    expect(Object.keys(texts.validation).sort()).toEqual(Object.keys(VALIDATION_TEMPLATES).sort());
  });

  it.each(namespaces)('%s has exactly the English keys', async (ns) => {
    const { texts } = await loadLanguagePack(language);
    expect(Object.keys(texts[ns]).sort()).toEqual(Object.keys(en[ns]).sort());
  });

  it.each(namespaces)('%s uses the same variables and tags as English, and no text is empty', async (ns) => {
    const theirs = (await loadLanguagePack(language)).texts[ns];
    for (const [key, text] of Object.entries(en[ns] as Record<string, string>)) {
      const translated = theirs[key] ?? '';
      expect(translated.trim(), `${ns}:${key}`).not.toBe('');
      expect(placeholders(translated), `${ns}:${key}`).toEqual(placeholders(text));
    }
  });
});
