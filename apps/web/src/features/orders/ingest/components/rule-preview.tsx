// What the ingest pipeline would make of the order being typed in (the dry run): the gifts open
// promotions add, the warehouse and why, the courier and the rule type that chose it, and the
// labels the order would carry. Nothing is created and no stock is touched.
import { Descriptions, Modal, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DryRunResult } from '@openseller/core';

export function RulePreview({ result, onClose }: { result: DryRunResult | null; onClose: () => void }) {
  const { t } = useTranslation();
  if (!result) return null;
  const giftLines = result.lines.filter((l) => l.isGift);
  const promotionName = (id: number | null) => result.gifts.find((g) => g.promotionId === id)?.promotionName ?? '';
  const none = <Typography.Text type="secondary">{t('orderingest:preview.none')}</Typography.Text>;

  const courier = result.expressCompanyCode ? (
    <Space size={4} wrap>
      <Typography.Text strong>{result.expressCompanyCode}</Typography.Text>
      {result.expressRuleType && <span>{t('orderingest:preview.byRule', { type: t(`expressrules:types.${result.expressRuleType}`) })}</span>}
      {result.courierProhibited && <Tag color="error">{t('orderingest:preview.prohibited')}</Tag>}
    </Space>
  ) : (
    <Typography.Text type="danger">{t('orderingest:preview.noCourier')}</Typography.Text>
  );

  return (
    <Modal open title={t('orderingest:preview.title')} onCancel={onClose} onOk={onClose} cancelButtonProps={{ style: { display: 'none' } }} width={640}>
      <Typography.Paragraph type="secondary">{t('orderingest:preview.note')}</Typography.Paragraph>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('orderingest:preview.warehouse')}>
          {result.warehouseId ? (
            <Space size={4} wrap>
              <Typography.Text strong>{result.warehouseName}</Typography.Text>
              <span>{t(`orderingest:preview.warehouseReasons.${result.warehouseReason}`, { defaultValue: result.warehouseReason })}</span>
            </Space>
          ) : (
            <Typography.Text type="danger">{t('orderingest:preview.warehouseReasons.NONE')}</Typography.Text>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('orderingest:preview.courier')}>{courier}</Descriptions.Item>
        <Descriptions.Item label={t('orderingest:preview.gifts')}>
          {giftLines.length
            ? giftLines.map((l, i) => (
                <div key={`${l.skuId}-${i}`}>
                  {l.skuCode} × {l.qty}
                  {promotionName(l.promotionId) && <Typography.Text type="secondary"> · {promotionName(l.promotionId)}</Typography.Text>}
                </div>
              ))
            : none}
        </Descriptions.Item>
        <Descriptions.Item label={t('orderingest:preview.labels')}>
          {result.labels.length ? result.labels.map((label) => <Tag key={label}>{t(`orders:labels.${label}`, { defaultValue: label })}</Tag>) : none}
        </Descriptions.Item>
        <Descriptions.Item label={t('orderingest:preview.weight')}>{result.weightTotal} kg</Descriptions.Item>
      </Descriptions>
    </Modal>
  );
}
