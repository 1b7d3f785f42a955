// What the returned pieces leave stock at, shown before a return is verified: per line the unit
// cost under the return's cost rule (the receipt cost of the order line, or the SKU's current
// moving average, which is taken again when the pieces leave) and the line's value.
import { Alert, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { addDecimals, formatDecimal, formatMoney, multiplyDecimals, type PurchaseReturnCostRule, type PurchaseReturnLineRow } from '@openseller/core';

/** The unit cost a line leaves at under the rule; null when no cost is known. */
export function returnLineCost(line: Pick<PurchaseReturnLineRow, 'receiptCost' | 'averageCost'>, rule: PurchaseReturnCostRule): string | null {
  if (rule === 'RECEIPT_COST') return line.receiptCost ?? line.averageCost ?? null;
  return line.averageCost ?? null;
}

export function ReturnCostPreview({ lines, rule, seesPrice }: { lines: Pick<PurchaseReturnLineRow, 'skuCode' | 'qty' | 'receiptCost' | 'averageCost'>[]; rule: PurchaseReturnCostRule; seesPrice: boolean }) {
  const { t } = useTranslation();
  if (!seesPrice) return <Alert type="info" showIcon message={t(`purchasereturn:costRules.${rule}`)} description={t('purchasereturn:cost.hidden')} />;
  const total = lines.reduce((sum, l) => {
    const cost = returnLineCost(l, rule);
    return cost === null ? sum : addDecimals(sum, multiplyDecimals(cost, l.qty));
  }, addDecimals(0, 0));
  return (
    <>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t(`purchasereturn:costRules.${rule}`)}: {t(`purchasereturn:cost.explain.${rule}`)}
      </Typography.Paragraph>
      <Table
        rowKey="skuCode"
        size="small"
        pagination={false}
        dataSource={lines}
        columns={[
          { title: t('purchasereturn:fields.sku'), dataIndex: 'skuCode' },
          { title: t('purchasereturn:fields.qty'), dataIndex: 'qty', align: 'right' },
          { title: t('purchasereturn:fields.unitCost'), key: 'cost', align: 'right', render: (_, l) => (returnLineCost(l, rule) === null ? t('purchasereturn:cost.unknown') : formatMoney(returnLineCost(l, rule)!)) },
          { title: t('purchasereturn:fields.amount'), key: 'amount', align: 'right', render: (_, l) => (returnLineCost(l, rule) === null ? '-' : formatMoney(formatDecimal(multiplyDecimals(returnLineCost(l, rule)!, l.qty), 4))) },
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={3}>
              {t('purchasereturn:fields.amountTotal')}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              {formatMoney(formatDecimal(total, 4))}
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
    </>
  );
}
