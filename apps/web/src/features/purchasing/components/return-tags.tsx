// A purchase return's state as a tag.
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PurchaseReturnStatus } from '@openseller/core';

const STATUS_COLOURS: Record<PurchaseReturnStatus, string> = { DRAFT: 'blue', SUBMIT: 'orange', VERIFY: 'green', CLOSE: 'default', COMPLETE: 'purple' };

export function PurchaseReturnStatusTag({ status }: { status: PurchaseReturnStatus }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLOURS[status]}>{t(`purchasereturn:statuses.${status}`)}</Tag>;
}
