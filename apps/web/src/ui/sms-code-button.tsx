// Sends an SMS code and counts down before another may be sent.
import { useEffect, useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../app/request';
import { toast } from '../app/toast';

export function SmsCodeButton({ send, disabled, size }: { send: () => Promise<{ resendAfter?: number } | unknown>; disabled?: boolean; size?: 'large' }) {
  const { t } = useTranslation();
  const [seconds, setSeconds] = useState(0);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds]);
  return (
    <Button
      size={size}
      disabled={disabled || seconds > 0}
      loading={loading}
      onClick={async () => {
        setLoading(true);
        try {
          const answer = (await send()) as { resendAfter?: number } | undefined;
          toast.success(t('auth:smsSent'));
          setSeconds(answer?.resendAfter ?? 60);
        } catch (error) {
          if (error instanceof ApiError && error.code === 'ERR_SMS_TOO_FREQUENT') setSeconds(Number(error.params.seconds ?? 60));
        } finally {
          setLoading(false);
        }
      }}
    >
      {seconds > 0 ? t('auth:smsResendIn', { seconds }) : t('auth:smsSend')}
    </Button>
  );
}
