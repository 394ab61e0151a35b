export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

/**
 * A query string as the API and the app's own addresses take it: empty values (undefined, null, '' or
 * blank text, empty arrays) are skipped and arrays repeat their key.
 * Returns '' or '?a=1&b=2'.
 */
export function toQueryString(criteria: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(criteria as Record<string, QueryValue>)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      const text = String(item);
      if (text.trim() === '') continue;
      params.append(key, text);
    }
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}
