// State tags of payables and payments.
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PaidStatus, PayableStatus, PaymentStatus } from '@openseller/core';

const DOC_COLORS: Record<PayableStatus, string> = { INVALID: 'default', DRAFT: 'gold', SUBMIT: 'blue', VERIFIED: 'green' };
const PAY_COLORS: Record<PaymentStatus, string> = { NOT_PAID: 'red', PARTIAL_PAYMENT: 'orange', PAID: 'green' };

export function PayableStatusTag({ status }: { status: PayableStatus }) {
  const { t } = useTranslation();
  return <Tag color={DOC_COLORS[status]}>{t(`finance:statuses.${status}`)}</Tag>;
}

export function PaidStatusTag({ status }: { status: PaidStatus }) {
  const { t } = useTranslation();
  return <Tag color={DOC_COLORS[status]}>{t(`finance:statuses.${status}`)}</Tag>;
}

export function PaymentStatusTag({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation();
  return <Tag color={PAY_COLORS[status]}>{t(`finance:paymentStatuses.${status}`)}</Tag>;
}
