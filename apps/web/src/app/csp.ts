// The page's Content-Security-Policy allows a <style> only with the nonce the server wrote into
// index.html for this load (apps/server/src/platform/web-app.ts). Ant Design writes its styles at
// run time and gets the nonce through ConfigProvider's csp; the few library styles written
// without that option (the scroll lock of dialogs in @rc-component) get it here. A <style> that
// arrives as markup (stored text shown as HTML) is not created by our code, has no nonce, and is
// not applied.

const PLACEHOLDER = '__CSP_NONCE__';

/** The nonce of this page, or undefined when the page was not served by our server (vite dev). */
export function cspNonce(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  // The browser hides the nonce attribute once the policy applies; the property keeps it.
  const nonce = meta?.nonce || meta?.getAttribute('nonce') || '';
  return nonce && nonce !== PLACEHOLDER ? nonce : undefined;
}

/** Every <style> element the app's scripts create carries the page's nonce. */
export function nonceScriptStyles(nonce: string | undefined): void {
  if (!nonce) return;
  const create = Document.prototype.createElement;
  Document.prototype.createElement = function createElement(this: Document, tagName: string, options?: ElementCreationOptions) {
    const element = create.call(this, tagName, options);
    if (tagName.toLowerCase() === 'style') (element as HTMLStyleElement).nonce = nonce;
    return element;
  } as typeof Document.prototype.createElement;
}

/** A document written into a frame (a print job) inherits the page's policy: its <style> needs the nonce. */
export function withStyleNonce(html: string): string {
  const nonce = cspNonce();
  return nonce ? html.replace(/<style(\s|>)/gi, `<style nonce="${nonce}"$1`) : html;
}
