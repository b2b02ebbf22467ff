// The routes live in domain/ so the server can tell the pages that exist (pre-rendered pages, 404s).
export { type AppPath, paths, withoutTrailingSlash } from '../../domain/site-paths.ts';
