// Toasts (spec 01 §9): success 2 s, error 3 s, info and warning 5 s; an identical message
// replaces the earlier one. Server messages are shown as sanitised HTML (spec 01 §8).
import type { ReactNode } from 'react';
import { createElement } from 'react';
import type { MessageInstance } from 'antd/es/message/interface';

// antd's message API of the light host the root mounts the first time a page shows a toast
// (app.tsx, toast-host.tsx): the same for the sign-in page and the signed-in shell.
let bound: MessageInstance | null = null;
let pending: Array<(api: MessageInstance) => void> = [];
let hostWanted: (() => void) | null = null;

/** Called by the root's toast host once its message API is mounted; the returned function unbinds it. */
export function bindToast(instance: MessageInstance): () => void {
  bound = instance;
  flush();
  return () => {
    if (bound === instance) bound = null;
  };
}

/** The root asks to be told when a toast finds no message API (it then mounts its host). */
export function onToastHostWanted(listener: () => void): () => void {
  hostWanted = listener;
  if (pending.length) listener();
  return () => {
    if (hostWanted === listener) hostWanted = null;
  };
}

function flush(): void {
  const api = bound;
  if (!api) return;
  const waiting = pending;
  pending = [];
  for (const run of waiting) run(api);
}

function withApi(run: (api: MessageInstance) => void): void {
  const api = bound;
  if (api) {
    run(api);
    return;
  }
  pending.push(run);
  hostWanted?.();
}

const DURATIONS = { success: 2, error: 3, info: 5, warning: 5 } as const;
type Kind = keyof typeof DURATIONS;

function show(kind: Kind, content: ReactNode, key: string, durationSeconds?: number): void {
  withApi((api) => void api.open({ type: kind, content, key: `${kind}:${key}`, duration: durationSeconds ?? DURATIONS[kind] }));
}

export const toast = {
  success: (text: string) => show('success', text, text),
  error: (text: string, durationSeconds?: number) => show('error', text, text, durationSeconds),
  info: (text: string) => show('info', text, text),
  warning: (text: string) => show('warning', text, text),
  /** A message from the server, which may carry markup: sanitised, then rendered. */
  serverError: (html: string) => {
    void import('./sanitize').then(
      ({ sanitizeServerHtml }) => show('error', createElement('span', { dangerouslySetInnerHTML: { __html: sanitizeServerHtml(html) } }), html),
      () => show('error', serverMessageText(html), html),
    );
  },
};

const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&amp;': '&' };

/** A server message as plain text (for places that show text, not HTML): tags dropped, entities read. */
export function serverMessageText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(lt|gt|quot|#39|amp);/g, (entity) => ENTITIES[entity]!);
}
