/// <reference lib="webworker" />
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';

/** The shell's code, styles and icons, revisioned by the build. */
export function precacheShell(entries: (string | PrecacheEntry)[]) {
  cleanupOutdatedCaches();
  precacheAndRoute(entries);
}
