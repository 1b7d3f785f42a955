// @vitest-environment jsdom
// The toast's sanitiser of server messages: only inline formatting survives, never a link, a style,
// a script, an image or an attribute, and a message's text reads the same as plain text.
import { describe, expect, it } from 'vitest';
import { sanitizeServerHtml } from './sanitize';
import { serverMessageText } from './toast';

describe('server message sanitiser', () => {
  it('drops a link and a page-wide style that stored data smuggled into a message, keeping the words', () => {
    const clean = sanitizeServerHtml('分类“<a href=//ph.sh>重新登录</a><style>*{color:red}</style>”下还有 1 个子分类');
    expect(clean).toBe('分类“重新登录”下还有 1 个子分类');
  });

  it('keeps inline formatting and line breaks, without any attribute', () => {
    expect(sanitizeServerHtml('<b>1</b> <strong class="x">2</strong><br><em onclick="x()">3</em> <i>4</i> <span style="color:red" title="t">5</span>')).toBe(
      '<b>1</b> <strong>2</strong><br><em>3</em> <i>4</i> <span>5</span>',
    );
  });

  it('removes scripts, images, frames, forms, svg and event handlers', () => {
    const clean = sanitizeServerHtml('<img src=x onerror=alert(1)><script>alert(2)</script><iframe src="//x"></iframe><form action="//x"><input name=a></form><svg onload=alert(3)></svg><div>ok</div>');
    expect(clean).toBe('ok');
  });

  it('shows escaped data literally', () => {
    const message = '分类“&lt;a href=//ph.sh&gt;重新登录&lt;/a&gt;&lt;style&gt;*{color:red}”下还有 1 个子分类';
    const host = document.createElement('div');
    host.innerHTML = sanitizeServerHtml(message);
    expect(host.querySelector('a, style')).toBeNull();
    expect(host.textContent).toBe('分类“<a href=//ph.sh>重新登录</a><style>*{color:red}”下还有 1 个子分类');
    expect(serverMessageText(message)).toBe(host.textContent);
  });
});
