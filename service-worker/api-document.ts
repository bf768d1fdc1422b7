/**
 * The API document and its reference page (/api/openapi.json, /api/docs and its files): the worker
 * neither precaches nor keeps them (not its images, not an offline copy of the page), so a reader
 * always sees the server's current API.
 */
export const isApiDocument = (pathname: string) => /^\/api\/(docs|openapi\.json)(\/|$)/.test(pathname);
