// Notice content: HTML the server sanitised when it was saved (modules/notices), cleaned once more
// here before it reaches the page.
import { useMemo } from 'react';
import DOMPurify from 'dompurify';

export function NoticeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { ADD_ATTR: ['target'], FORBID_TAGS: ['style', 'form', 'input'] }), [html]);
  return <div className={className ? `os-notice-html ${className}` : 'os-notice-html'} dangerouslySetInnerHTML={{ __html: clean }} />;
}
