import { useLocation, useSearchParams, type Location } from 'react-router';

/** The query parameter of /login and /register that names the page to open after signing in. */
export const RETURN_PARAM = 'next';

/** The app's own origin; any stand-in serves, only paths are compared against it. */
const ORIGIN = 'http://vault.invalid';

/**
 * A page of this app to return to, or null. The parameter comes from a link
 * anyone can craft, so only a plain path of the app passes: never another
 * origin ("https://…", "//host", "/\host"), the API, or the sign-in screens
 * themselves (a loop).
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  // Browsers drop tabs and line breaks inside URLs, and read "\" as "/": "/\t/host" would become "//host".
  if (!raw?.startsWith('/') || raw.startsWith('//') || /[\\\p{Cc}]/u.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN) return null;
  const { pathname } = url;
  if (/^\/(api|login|register)(\/|$)/.test(pathname)) return null;
  return pathname + url.search + url.hash;
}

/** `/login` or `/register`, carrying `next` when `target` is a page to return to. */
export function authPath(screen: '/login' | '/register', target: string | null): string {
  const next = safeReturnPath(target);
  return next === null ? screen : `${screen}?${new URLSearchParams({ [RETURN_PARAM]: next }).toString()}`;
}

/** Where a location is, as one path: what `next` names. */
export function pathOf({ pathname, search, hash }: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  return pathname + search + hash;
}

/** The sign-in screen for someone on this page, who should come back to it. */
export function useSignInPath(screen: '/login' | '/register' = '/login'): string {
  return authPath(screen, pathOf(useLocation()));
}

/** On /login and /register: the page to open after signing in, if the address names a safe one. */
export function useReturnTarget(): string | null {
  const [params] = useSearchParams();
  return safeReturnPath(params.get(RETURN_PARAM));
}
