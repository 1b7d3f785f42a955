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
  serverError: (html: string) => show('error', createElement('span', { dangerouslySetInnerHTML: { __html: sanitizeServerHtml(html) } }), html),
};

/**
 * The only markup a server message may keep: inline emphasis and line breaks, without any
 * attribute. Links, styles, images, forms and everything else go (their text stays, a <style>'s
 * or <script>'s text does not), so a message quoting stored data can never become a live link
 * or a page-wide style. The server escapes the data it quotes as well (platform/messages.ts).
 */
export const SERVER_MESSAGE_TAGS = ['b', 'i', 'strong', 'em', 'br', 'span'];

export function sanitizeServerHtml(html: string): string {
  return DOMPurify.sanitize(html, { ALLOWED_TAGS: SERVER_MESSAGE_TAGS, ALLOWED_ATTR: [], ALLOW_DATA_ATTR: false, ALLOW_ARIA_ATTR: false });
}

const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&amp;': '&' };

/** A server message as plain text (for places that show text, not HTML): tags dropped, entities read. */
export function serverMessageText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(lt|gt|quot|#39|amp);/g, (entity) => ENTITIES[entity]!);
}
