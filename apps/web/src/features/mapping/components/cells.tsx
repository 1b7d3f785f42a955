// How an online SKU and its mapped system SKU read in the tables: the online item with its
// picture and properties beside the system SKU with its code, name and specifications.
import { Flex, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { platformName, type TbSkuRow } from '@openseller/core';
import { Thumbnail, THUMBNAIL_SIZE } from '../../../ui/picture-upload';

/** A thumbnail kept to its box, so a picture that fails to load cannot spill its alt text. */
function Picture({ url, alt }: { url: string | null | undefined; alt: string }) {
  return (
    <div style={{ width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE, flex: 'none', overflow: 'hidden', borderRadius: 4 }}>
      <Thumbnail url={url} alt={alt} />
    </div>
  );
}

export function OnlineSkuCell({ row }: { row: TbSkuRow }) {
  const { t } = useTranslation();
  return (
    <Flex gap={8} align="flex-start">
      <Picture url={row.skuPicUrl ?? row.picUrl} alt={row.itemTitle} />
      <Flex vertical style={{ minWidth: 0 }}>
        <Typography.Text strong ellipsis={{ tooltip: row.itemTitle }} style={{ maxWidth: 300 }}>
          {row.itemTitle}
        </Typography.Text>
        {row.properties && <Typography.Text type="secondary">{row.properties}</Typography.Text>}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('mapping:cells.ids', { tbSpuId: row.tbSpuId, tbSkuId: row.tbSkuId })}
        </Typography.Text>
        <Typography.Text style={{ fontSize: 12 }}>
          {t('mapping:cells.outerSkuId')}: {row.outerSkuId ?? <Typography.Text type="secondary">{t('mapping:cells.none')}</Typography.Text>}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}

export function StoreCell({ row }: { row: TbSkuRow }) {
  const { i18n } = useTranslation();
  return (
    <Flex vertical gap={2} align="flex-start">
      <span>{row.storeName}</span>
      <Tag>{platformName(row.platformCode, i18n.language)}</Tag>
    </Flex>
  );
}

export function MappedSkuCell({ row }: { row: TbSkuRow }) {
  const { t } = useTranslation();
  const sku = row.sku;
  if (!sku) return <Typography.Text type="secondary">{t('mapping:cells.notMapped')}</Typography.Text>;
  const proposed = row.mappingStatus === 'wait';
  return (
    <Flex gap={8} align="flex-start">
      <Picture url={sku.picUrl} alt={sku.name ?? sku.spuName} />
      <Flex vertical style={{ minWidth: 0 }}>
        <span>
          <Typography.Text strong copyable={{ text: sku.code }}>
            {sku.code}
          </Typography.Text>{' '}
          {sku.isCombination && <Tag color="purple">{t('mapping:cells.combination')}</Tag>}
          {proposed && (
            <Tooltip title={t('mapping:cells.proposedHint')}>
              <Tag color="blue">{t('mapping:cells.proposed')}</Tag>
            </Tooltip>
          )}
        </span>
        <Typography.Text ellipsis={{ tooltip: sku.name ?? sku.spuName }} style={{ maxWidth: 240 }}>
          {sku.name ?? sku.spuName}
        </Typography.Text>
        {sku.specifications && <Typography.Text type="secondary">{sku.specifications}</Typography.Text>}
      </Flex>
    </Flex>
  );
}
