// Toasts (spec 01 §9): success 2 s, error 3 s, info and warning 5 s; an identical message
// replaces the earlier one. Server messages are shown as sanitised HTML (spec 01 §8).
import type { ReactNode } from 'react';
import { createElement } from 'react';
import type { MessageInstance } from 'antd/es/message/interface';
import DOMPurify from 'dompurify';

let api: MessageInstance | null = null;

/** Called once by the app shell with antd's message API (inside <App>). */
export function bindToast(instance: MessageInstance): void {
  api = instance;
}

const DURATIONS = { success: 2, error: 3, info: 5, warning: 5 } as const;
type Kind = keyof typeof DURATIONS;

function show(kind: Kind, content: ReactNode, key: string, durationSeconds?: number): void {
  if (!api) return;
  api.open({ type: kind, content, key: `${kind}:${key}`, duration: durationSeconds ?? DURATIONS[kind] });
}

export const toast = {
  success: (text: string) => show('success', text, text),
  error: (text: string, durationSeconds?: number) => show('error', text, text, durationSeconds),
  info: (text: string) => show('info', text, text),
  warning: (text: string) => show('warning', text, text),
  /** A message from the server, which may carry markup: sanitised, then rendered. */
  serverError: (html: string) =>
    show('error', createElement('span', { dangerouslySetInnerHTML: { __html: DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }) } }), html),
};
