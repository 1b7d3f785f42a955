// The shipping-feedback progress notice (spec 01 §4.6): a progress bar (at least 5 %) while the
// record is incomplete, polled every 2 s; on an all-success completion it closes by itself after
// 3 s; with failures it shows the counts and a button to the failures list. Closing removes the
// record on the server. A failed progress query stops the polling and hides the notice.
import { useEffect, useRef } from 'react';
import { Alert, Button, Progress, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { shippingApi } from './api';
import { progressPercent, useFeedbackProgress } from './queries';

export const FEEDBACK_AUTO_CLOSE_MS = 3000;

export function FeedbackProgressNotice({ recordKey, onClose, onShowFailures }: { recordKey: string | null; onClose: () => void; onShowFailures?: () => void }) {
  const { t } = useTranslation();
  const progress = useFeedbackProgress(recordKey);
  const data = progress.data;
  const allGood = !!data?.feedbackComplete && data.failureCount === 0;

  function close() {
    if (recordKey) void shippingApi.removeRecord(recordKey).catch(() => undefined);
    onClose();
  }

  const closeRef = useRef(close);
  closeRef.current = close;
  useEffect(() => {
    if (!allGood) return;
    const timer = setTimeout(() => closeRef.current(), FEEDBACK_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [allGood, recordKey]);

  useEffect(() => {
    if (progress.isError) onClose();
  }, [progress.isError, onClose]);

  if (!recordKey || !data) return null;
  if (!data.feedbackComplete) {
    return (
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title={t('ordershipping:progress.running')}
        description={<Progress percent={progressPercent(data)} size="small" />}
        closable={{ onClose: close }}
      />
    );
  }
  if (allGood) {
    return (
      <Alert
        type="success"
        showIcon
        style={{ marginBottom: 12 }}
        title={t('ordershipping:progress.allDone', { count: data.totalCount })}
        action={<Button size="small" onClick={close}>{t('ordershipping:progress.gotIt')}</Button>}
      />
    );
  }
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 12 }}
      title={t('ordershipping:progress.doneWithFailures', { total: data.totalCount, success: data.successfulCount, failed: data.failureCount })}
      action={
        <Space>
          {onShowFailures && (
            <Button
              size="small"
              type="primary"
              onClick={() => {
                close();
                onShowFailures();
              }}
            >
              {t('ordershipping:progress.toFailures')}
            </Button>
          )}
          <Button size="small" onClick={close}>{t('ordershipping:progress.gotIt')}</Button>
        </Space>
      }
    />
  );
}
