import Cookies from 'js-cookie';

/*
 * The page's one way to js-cookie. Reading document.cookie is a round trip to the browser's cookie
 * store, and the header, the cart, the session and analytics all ask for cookies as a page starts:
 * so the cookies are read once per task, however many ask, and read afresh after any write.
 */

let read: Record<string, string> | null = null;

function all(): Record<string, string> {
  if (read === null) {
    // Parsed as js-cookie parses it (its converter decodes values), from one read of the jar.
    const jar: Record<string, string> = {};
    // In the service worker there is no document and so no cookies.
    const raw = (globalThis as { document?: { cookie: string } }).document?.cookie ?? '';
    for (const pair of raw ? raw.split('; ') : []) {
      const at = pair.indexOf('=');
      try {
        const name = decodeURIComponent(at < 0 ? pair : pair.slice(0, at));
        if (!(name in jar)) jar[name] = Cookies.converter.read(at < 0 ? '' : pair.slice(at + 1), name);
      } catch {
        // A cookie another site script wrote badly is skipped, as js-cookie skips it.
      }
    }
    read = jar;
    // Kept until the current task's work is done: a later task (another tab's sign-in, a server
    // answer that set a cookie) reads afresh.
    queueMicrotask(() => {
      read = null;
    });
  }
  return read;
}

export function getCookie(name: string): string | undefined {
  return all()[name];
}

export function setCookie(name: string, value: string, expires?: Date | number): void {
  read = null;
  Cookies.set(name, value, { expires, path: '/', sameSite: 'Lax', secure: location.protocol === 'https:' });
}

export function removeCookie(name: string): void {
  read = null;
  Cookies.remove(name, { path: '/' });
}
