/// <reference lib="webworker" />
import type { PrecacheEntry } from 'workbox-precaching';
import { precacheShell } from './precache.ts';
import { listenForUpdateApproval } from './update.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

precacheShell(self.__WB_MANIFEST);
listenForUpdateApproval();
