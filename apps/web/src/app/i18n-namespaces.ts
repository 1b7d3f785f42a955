// The language namespaces the loaded code uses. The build (vite.config.ts, plugin
// "i18n-namespaces") adds to every module that names a namespace in a key ('orders:title') a call
// registering it, so a page's packs are loaded with its code (lazyPage) rather than all 46 of them
// on the first load. Without the plugin (nothing registered) every namespace is loaded.

const registered = new Set<string>();

export function registerNamespaces(namespaces: readonly string[]): void {
  for (const ns of namespaces) registered.add(ns);
}

/** The registered namespaces, or undefined when the build registered none (then load them all). */
export function registeredNamespaces(): string[] | undefined {
  return registered.size ? [...registered] : undefined;
}
