/**
 * The back office (/admin, its build under /admin-assets, its API under /api/admin): the worker
 * neither stores nor answers any of it, so staff pages and answers never sit in a traveller's caches.
 */
export const isBackOffice = (pathname: string) => /^\/(admin|admin-assets|api\/admin)(\/|$)/.test(pathname);
