// The upgrade or expiry banner (spec 01 §4.4): today expires, N days remaining, already
// expired. Closed, it hides until the end of the day (kept locally). Its button leads to the
// edition order page.
import { useState } from 'react';
import { Alert, Button } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { expiryWording, hasActiveTrial, isDomainExpired, type DomainInfo } from '@openseller/core';
import { STORAGE_KEYS } from '../auth-store';

const WARN_DAYS = 15;

function endOfToday(): number {
  const d = new Date();
  d.setHours(23, 59, 59, 999);
  return d.getTime();
}

export function EditionBanner({ domain }: { domain: DomainInfo }) {
  const { t } = useTranslation();
  const [closedUntil, setClosedUntil] = useState(() => Number(localStorage.getItem(STORAGE_KEYS.bannerClosedUntil) ?? 0));
  if (closedUntil > Date.now()) return null;

  const trial = hasActiveTrial(domain);
  const expiry = trial ? domain.trialExpireTime : domain.expireTime;
  if (!expiry || domain.byStore) return null;
  const wording = expiryWording(expiry);
  const expired = !trial && isDomainExpired(domain);
  if (!expired && wording.kind === 'daysLeft' && wording.days > WARN_DAYS) return null;

  const subject = trial ? t('common:banner.trial', { level: t(`common:levels.${domain.trialLevel}`) }) : t('common:banner.edition', { level: t(`common:levels.${domain.level}`) });
  const text =
    wording.kind === 'expired' ? t('common:banner.expired', { subject }) : wording.kind === 'today' ? t('common:banner.today', { subject }) : t('common:banner.daysLeft', { subject, count: wording.days });

  return (
    <Alert
      type={wording.kind === 'expired' ? 'error' : 'warning'}
      showIcon
      closable
      message={text}
      action={
        <Link to="/domainOrder/order">
          <Button size="small" type="primary">
            {t('common:banner.action')}
          </Button>
        </Link>
      }
      style={{ marginBottom: 16 }}
      onClose={() => {
        const until = endOfToday();
        localStorage.setItem(STORAGE_KEYS.bannerClosedUntil, String(until));
        setClosedUntil(until);
      }}
    />
  );
}
