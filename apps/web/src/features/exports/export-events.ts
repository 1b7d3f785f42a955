// A new export restarts the download panel's polling at 1 s (spec 01 §4.5).
type Listener = () => void;
const listeners = new Set<Listener>();

export function onNewExport(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function announceNewExport(): void {
  for (const l of listeners) l();
}
