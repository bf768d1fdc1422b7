/** scripts/build-if-stale.mjs: builds what is older than its sources; with `serverOnly`, the compiled server alone. */
export function buildIfStale(options?: { serverOnly?: boolean }): void;
