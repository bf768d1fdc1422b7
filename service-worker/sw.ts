/// <reference lib="webworker" />
import type { PrecacheEntry } from 'workbox-precaching';
import { listenForBackgroundSync } from './background-sync.ts';
import { routeNavigations } from './navigation.ts';
import { precacheShell } from './precache.ts';
import { routeContentReads, routeImages } from './runtime-caching.ts';
import { claimOpenPages, deleteRetiredCachesOnActivate, listenForUpdateApproval } from './update.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

precacheShell(self.__WB_MANIFEST);
routeNavigations();
routeContentReads();
routeImages();
listenForBackgroundSync();
listenForUpdateApproval();
claimOpenPages();
deleteRetiredCachesOnActivate();
