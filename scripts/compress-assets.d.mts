/** scripts/compress-assets.mjs: compresses the served text files under `dist` (default: DIST_DIR or dist). */
export function compressAssets(dist?: string): Promise<{ files: number; before: number; after: number }>;
