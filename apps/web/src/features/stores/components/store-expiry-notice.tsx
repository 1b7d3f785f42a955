// The store-expiry notice (spec 01 §4.3): when stores' authorization is about to end or has
// ended, a notice titled 店铺过期通知 says how many and that order sync suffers, with 立即查看
// leading to store management. It shows once a day; closing it (or following it) hides it until
// the end of the day. Only accounts that can manage stores see it.
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { StoreCalls } from '@openseller/core';
import { callApi } from '../../../app/request';
import { useSession } from '../../../app/session';
import { storesKeys } from '../keys';
import { useShellApi } from '../../../ui/shell-api';

export const STORE_EXPIRY_NOTICE_KEY = 'openseller.storeExpiryNoticeUntil';
const NOTICE_KEY = 'store-expiry-notice';

function endOfToday(): number {
  const d = new Date();
  d.setHours(23, 59, 59, 999);
  return d.getTime();
}

const hiddenToday = () => Number(localStorage.getItem(STORE_EXPIRY_NOTICE_KEY) ?? 0) > Date.now();
const hideUntilEndOfDay = () => localStorage.setItem(STORE_EXPIRY_NOTICE_KEY, String(endOfToday()));

export function StoreExpiryNotice() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const { notification } = useShellApi();
  const shown = useRef(false);
  const allowed = !session.isRoot && !!session.domain && session.menus.has('MENU_STORE');
  const { data: count } = useQuery({
    queryKey: storesKeys.expiringCount(),
    // The call itself, not the stores area's client (features/stores/api.ts): the shell on every
    // page needs only this one, not the sandbox console's calls and contracts.
    queryFn: () => callApi(StoreCalls.getExpiringStoreCount, undefined, { quiet: true }),
    enabled: allowed && !hiddenToday(),
    staleTime: 10 * 60_000,
  });

  // The notice belongs to the signed-in layout: leaving it (sign-out, a public page) closes it.
  useEffect(() => () => notification.destroy(NOTICE_KEY), [notification]);

  useEffect(() => {
    if (!count || shown.current || hiddenToday()) return;
    shown.current = true;
    hideUntilEndOfDay();
    notification.warning({
      key: NOTICE_KEY,
      title: t('nav:storeExpiryNotice.title'),
      description: t('nav:storeExpiryNotice.body', { count }),
      duration: 0,
      placement: 'topRight',
      // Below the header: the spec's notice top offset is 72 px (antd places it 24 px down).
      style: { marginTop: 48 },
      onClose: hideUntilEndOfDay,
      actions: (
        <Button
          type="primary"
          size="small"
          onClick={() => {
            notification.destroy(NOTICE_KEY);
            navigate('/config/storemanagement');
          }}
        >
          {t('nav:storeExpiryNotice.view')}
        </Button>
      ),
    });
  }, [count, notification, navigate, t]);

  return null;
}
