// Server messages as sanitised HTML (spec 01 §8), in a module of its own: DOMPurify (14 KB) loads
// with the first server message shown, not with every page.
import DOMPurify from 'dompurify';

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
