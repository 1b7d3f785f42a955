// Colour, size and specifications of a SKU, shown the same way wherever a SKU is chosen or listed
// (the SKU picker, goods, stock, order lines, checking): formatSkuAttributes of packages/core with
// the labels in the reader's language.
import { useCallback } from 'react';
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatSkuAttributes, type SkuAttributeValues } from '@openseller/core';

/** The attributes as one line of text ('' when the SKU has none). */
export function useSkuAttributesText(): (sku: SkuAttributeValues) => string {
  const { t } = useTranslation();
  return useCallback((sku: SkuAttributeValues) => formatSkuAttributes(sku, { color: t('common:skuAttributes.color'), size: t('common:skuAttributes.size') }), [t]);
}

/** The attributes as secondary text; nothing when the SKU has none. */
export function SkuAttributes({ sku }: { sku: SkuAttributeValues }) {
  const text = useSkuAttributesText()(sku);
  return text ? <Typography.Text type="secondary">{text}</Typography.Text> : null;
}

/** A SKU's name (and what follows it, such as a tag) over its attributes: the name cell of lists. */
export function SkuNameCell({ name, sku, children }: { name: string | null | undefined; sku: SkuAttributeValues; children?: React.ReactNode }) {
  return (
    <Space direction="vertical" size={0}>
      <span>
        {name || '-'}
        {children}
      </span>
      <SkuAttributes sku={sku} />
    </Space>
  );
}
