import { relative } from 'node:path';
import type { Plugin } from 'vite';

/** Where the shop's client build writes its chunk map, under its outDir (not served: server/web.ts skips .vite). */
export const CHUNK_MAP = '.vite/chunks.json';

/** One chunk of the built shop: what tests/build/first-route-code.test.ts reads instead of building it again. */
export interface ChunkEntry {
  fileName: string;
  name: string;
  isEntry: boolean;
  /** The module the chunk stands for, from the project's root (null for a shared chunk). */
  facadeModuleId: string | null;
  /** The files it imports statically. */
  imports: string[];
  /** Its modules, each from the project's root (a package's as node_modules/…). */
  modules: string[];
}

/**
 * Writes the client build's chunks with their modules beside Vite's manifest (which lists files,
 * not modules), so a test of what the first route downloads reads the build that ships instead of
 * running a second one (issue 32: nothing built twice).
 */
export function chunkMapPlugin(root: string, entry: string): Plugin {
  return {
    name: 'travel-shop:chunk-map',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        if (this.environment.name !== 'client') return;
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        // The service worker is built by its own Vite run into the same folder: only the shop's entry build writes it.
        if (!chunks.some((c) => c.isEntry && c.facadeModuleId === entry)) return;
        const map: ChunkEntry[] = chunks.map((c) => ({
          fileName: c.fileName,
          name: c.name,
          isEntry: c.isEntry,
          facadeModuleId: c.facadeModuleId ? relative(root, c.facadeModuleId) : null,
          imports: c.imports,
          modules: Object.keys(c.modules).map((id) => relative(root, id)),
        }));
        this.emitFile({ type: 'asset', fileName: CHUNK_MAP, source: JSON.stringify(map) });
      },
    },
  };
}
