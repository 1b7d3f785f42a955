// The emergency notice (spec 01 §2.4): the static page GET /html/emergencyNotice.html, shown at the
// top of every page while the root account has it switched on. Checked with the messages (every
// 10 minutes, paused while the tab is hidden); closing it hides it for this page load.
import { lazy, Suspense, useState } from 'react';
import { Alert } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { usePageVisible } from '../../../ui/use-page-visible';
import { noticeKeys, noticesApi } from '../api';
import { MESSAGE_POLL_MS } from './messages-bell';

// The sanitiser (DOMPurify, 11 KB) loads only when there is an emergency notice to show.
const NoticeHtml = lazy(async () => ({ default: (await import('./notice-html')).NoticeHtml }));

export function EmergencyNoticeBanner() {
  const { t } = useTranslation();
  const visible = usePageVisible();
  const [closed, setClosed] = useState<string | null>(null);
  const page = useQuery({ queryKey: noticeKeys.emergencyPage, queryFn: noticesApi.emergencyPage, refetchInterval: visible ? MESSAGE_POLL_MS : false, retry: false });
  if (!page.data || closed === page.data) return null;
  return (
    <Alert
      type="error"
      showIcon
      closable
      onClose={() => setClosed(page.data ?? null)}
      message={t('notices:emergency.title')}
      description={
        <Suspense fallback={null}>
          <NoticeHtml html={page.data} />
        </Suspense>
      }
      style={{ marginBottom: 16 }}
      role="alert"
    />
  );
}
