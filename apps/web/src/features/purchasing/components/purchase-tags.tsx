// The order's state, receipt state and settlement state as tags.
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PurchaseOrderStatus, PurchaseReceiveStatus, PurchaseSettleStatus } from '@openseller/core';

const STATUS_COLOURS: Record<PurchaseOrderStatus, string> = { INVALID: 'default', DRAFT: 'blue', SUBMIT: 'orange', VERIFY: 'green', COMPLETE: 'purple' };
const RECEIVE_COLOURS: Record<PurchaseReceiveStatus, string> = { UNRECEIVE: 'default', PART_RECEIVE: 'gold', COMPLETE_RECEIVE: 'green', CLOSED_SHORT: 'volcano' };

export function PurchaseStatusTag({ status }: { status: PurchaseOrderStatus }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLOURS[status]}>{t(`purchase:statuses.${status}`)}</Tag>;
}

export function ReceiveStatusTag({ status }: { status: PurchaseReceiveStatus }) {
  const { t } = useTranslation();
  return <Tag color={RECEIVE_COLOURS[status]}>{t(`purchase:receiveStatuses.${status}`)}</Tag>;
}

const SETTLE_COLOURS: Record<PurchaseSettleStatus, string> = { NOT_PAYABLE: 'default', TO_SETTLE: 'orange', PART_SETTLED: 'gold', SETTLED: 'green' };

export function SettleStatusTag({ status }: { status: PurchaseSettleStatus }) {
  const { t } = useTranslation();
  return <Tag color={SETTLE_COLOURS[status]}>{t(`purchase:settleStatuses.${status}`)}</Tag>;
}
