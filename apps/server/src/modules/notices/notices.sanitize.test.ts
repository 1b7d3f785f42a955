import { describe, expect, it } from 'vitest';
import { sanitizeNoticeHtml } from './notices.sanitize.js';

describe('sanitizeNoticeHtml', () => {
  it('shows a script as text instead of running it', () => {
    const out = sanitizeNoticeHtml('<p>Hello</p><script>alert(1)</script>');
    expect(out).toContain('<p>Hello</p>');
    expect(out).not.toContain('<script');
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('drops event handlers and javascript: links but keeps the text', () => {
    const out = sanitizeNoticeHtml('<img src="https://example.com/a.png" onerror="alert(1)"><a href="javascript:alert(1)">go</a>');
    expect(out).toContain('<img src="https://example.com/a.png" />');
    expect(out).not.toContain('onerror');
    expect(out).not.toContain('javascript:');
    expect(out).toContain('>go</a>');
  });

  it('opens links in a new tab without the opener', () => {
    expect(sanitizeNoticeHtml('<a href="https://example.com">x</a>')).toBe('<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>');
  });

  it('keeps allowed styles and drops the rest', () => {
    const out = sanitizeNoticeHtml('<p style="color:#f00;position:fixed;text-align:center">x</p>');
    expect(out).toContain('color:#f00');
    expect(out).toContain('text-align:center');
    expect(out).not.toContain('position');
  });
});
