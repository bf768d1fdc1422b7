/*
 * SWR imports `use-sync-external-store/shim`, a polyfill for React before 18 that hands out
 * React's own hook whenever React has one (React 19 always does). The browser build resolves it
 * here (vite.config.ts): the same hook, without the polyfill's 0.5 KB gz in the first route.
 */
export { useSyncExternalStore } from 'react';
