import { describe, expect, it } from 'vitest';
import { loadLanguagePack } from './resources';

/**
 * German addresses the user as "Sie": none of these words may appear. The
 * pronouns are matched in any case; imperatives and verb forms only as
 * written, since e.g. "Teile" or "Lege" could also be nouns.
 */
const INFORMAL_PRONOUNS = /(?<![\p{L}])(du|dir|dich|dein|deine|deinen|deinem|deiner|deines|euch|euer|eure|euren|eurem|eurer)(?![\p{L}])/iu;
const INFORMAL_VERBS =
  /(?<![\p{L}])(Gib|Lade|Wähle|wähle|Schicke|Versuche|Erstelle|Klicke|Öffne|Melde|Kopiere|Prüfe|Gehe|Nutze|Speichere|Entferne|Bestätige|Aktiviere|Scanne|Füge|Ziehe|hast|kannst|bist|musst|willst|möchtest|brauchst|solltest)(?![\p{L}])/u;

describe('German texts', () => {
  it('address the user formally ("Sie"), never with "du"', async () => {
    const { texts } = await loadLanguagePack('de');
    const informal = Object.entries(texts).flatMap(([ns, entries]) =>
      Object.entries(entries as Record<string, string>)
        .filter(([, text]) => INFORMAL_PRONOUNS.test(text) || INFORMAL_VERBS.test(text))
        .map(([key, text]) => `${ns}:${key}: ${text}`),
    );
    expect(informal).toEqual([]);
  });

  it('name one gender, never a placeholder such as "diese(n)"', async () => {
    const { texts } = await loadLanguagePack('de');
    const placeholders = Object.entries(texts).flatMap(([ns, entries]) =>
      Object.entries(entries as Record<string, string>)
        .filter(([, text]) => /\p{L}\(\p{Ll}{1,2}\)/u.test(text))
        .map(([key, text]) => `${ns}:${key}: ${text}`),
    );
    expect(placeholders).toEqual([]);
  });
});
