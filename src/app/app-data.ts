import type { PageAssets } from '../../contract/ssr.ts';

/** What the server hands the page for hydration, in a JSON script element. */
export interface AppData {
  /** HTTP status of the server render: 404 renders the not-found page at that URL. */
  status: number;
  /** The offline shell: the browser renders the page at its real URL instead of hydrating. */
  shell?: boolean;
  fallback: Record<string, unknown>;
  settings: {
    origin: string;
    gtm: { UAE?: string; IN?: string };
    googleClientId?: string;
    tokenKey?: string;
  };
  assets: PageAssets;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');
const optionalString = (v: unknown) => v === undefined || typeof v === 'string';

/**
 * What the page's app data must hold (the route data in `fallback` is each call's own answer, read by its hook).
 * Written by hand rather than with zod: this runs in the first route's script, and zod would add 25 KB gzipped to it.
 */
function isAppData(value: unknown): value is AppData {
  return (
    isObject(value) &&
    Number.isInteger(value.status) &&
    (value.shell === undefined || typeof value.shell === 'boolean') &&
    isObject(value.fallback) &&
    isObject(value.settings) &&
    typeof value.settings.origin === 'string' &&
    isObject(value.settings.gtm) &&
    optionalString(value.settings.gtm.UAE) &&
    optionalString(value.settings.gtm.IN) &&
    optionalString(value.settings.googleClientId) &&
    optionalString(value.settings.tokenKey) &&
    isObject(value.assets) &&
    isStrings(value.assets.css) &&
    isStrings(value.assets.preload) &&
    isStrings(value.assets.cartCode)
  );
}

/** The page's app data, checked before use. */
export function parseAppData(value: unknown): AppData {
  if (!isAppData(value)) throw new Error('The page data is malformed.');
  return value;
}

export const APP_DATA_ID = '__APP_DATA__';

/** JSON safe to put inside a <script> element. */
export function serializeAppData(data: AppData): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
