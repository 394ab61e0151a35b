import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages';
import { en, resources, type Namespace } from './resources';

/** What a text needs from the code: its {{variables}} and its <tags> for components. */
function placeholders(text: string): string[] {
  const variables = [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => `{{${m[1]}}}`);
  const tags = [...text.matchAll(/<(\w+)>/g)].map((m) => `<${m[1]}>`);
  return [...new Set([...variables, ...tags])].sort();
}

const namespaces = Object.keys(en) as Namespace[];
const others = LANGUAGES.map((l) => l.code).filter((code) => code !== 'en');

describe.each(others)('%s texts', (language) => {
  it.each(namespaces)('%s has exactly the English keys', (ns) => {
    expect(Object.keys(resources[language][ns]).sort()).toEqual(Object.keys(en[ns]).sort());
  });

  it.each(namespaces)('%s uses the same variables and tags as English, and no text is empty', (ns) => {
    const theirs = resources[language][ns];
    for (const [key, text] of Object.entries(en[ns] as Record<string, string>)) {
      const translated = theirs[key] ?? '';
      expect(translated.trim(), `${ns}:${key}`).not.toBe('');
      expect(placeholders(translated), `${ns}:${key}`).toEqual(placeholders(text));
    }
  });
});
