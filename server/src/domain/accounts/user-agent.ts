/** Most specific first: Edge and Opera also say Chrome, Chrome also says Safari. */
const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
  [/curl\//, 'curl'],
];

const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/**
 * The browser's and the system's names, enough to recognise one's own devices; null for what the
 * user agent does not name. Names only: the web puts them into a sentence in the reader's language.
 */
export function userAgentNames(userAgent: string | null): { browser: string | null; system: string | null } {
  if (!userAgent) return { browser: null, system: null };
  return { browser: firstNamed(BROWSERS, userAgent), system: firstNamed(SYSTEMS, userAgent) };
}

function firstNamed(list: [RegExp, string][], userAgent: string): string | null {
  return list.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
}
