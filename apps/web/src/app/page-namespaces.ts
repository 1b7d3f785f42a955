// The language namespaces of each page's code, by route (and 'layout' for the signed-in shell):
// the build (vite.config.ts, plugin "i18n-namespaces") writes them in place of the marker below
// from the chunks each page's import loads. preloadCurrentRoute asks for the opened page's packs
// beside its code with them. Without the build (dev server, tests) there are none: the packs then
// load after the page's code, as lazyPage does for every page opened later.
const built: string = 'os-page-namespaces';

export const PAGE_NAMESPACES: Record<string, readonly string[]> = built.startsWith('{') ? (JSON.parse(built) as Record<string, string[]>) : {};
