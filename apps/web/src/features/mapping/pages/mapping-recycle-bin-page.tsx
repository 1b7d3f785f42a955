// The mapping recycle bin (/goods/mapping/recyclebin): deleted online SKUs, restored one by one
// or in batch. A restored SKU whose system SKU was deleted meanwhile comes back waiting.
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Card, Empty, Flex, Popconfirm, Space, Table, Typography } from 'antd';
import { ArrowLeftOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TbSkuRow } from '@openseller/core';
import { toast } from '../../../app/toast';
import { PageTitle } from '../../../ui/page-title';
import { tablePagination } from '../../../ui/pagination';
import { DateTime } from '../../../ui/relative-time';
import { useListState } from '../../../ui/use-list-state';
import { mappingApi, type TbSkuFilter } from '../api';
import { MappedSkuCell, OnlineSkuCell, StoreCell } from '../components/cells';
import { MappingFilters } from '../components/mapping-filters';
import { useMappingMutation, useTbSkuList } from '../queries';

const DEFAULTS = { currentPage: 1, pageSize: 10, storeId: 0, platformCode: '', keyword: '', skuKeyword: '' };

export default function MappingRecycleBinPage() {
  const { t } = useTranslation();
  const [state, setState] = useListState(DEFAULTS);
  const filters = useMemo(
    () => ({
      ...(state.storeId ? { storeId: state.storeId } : {}),
      ...(state.platformCode ? { platformCode: state.platformCode } : {}),
      ...(state.keyword ? { keyword: state.keyword } : {}),
      ...(state.skuKeyword ? { skuKeyword: state.skuKeyword } : {}),
    }),
    [state.storeId, state.platformCode, state.keyword, state.skuKeyword],
  );
  const filter: TbSkuFilter = { currentPage: state.currentPage, pageSize: state.pageSize, ...filters };
  const list = useTbSkuList('deleted', filter);
  const [selected, setSelected] = useState<number[]>([]);
  const restore = useMappingMutation(mappingApi.restoreList);
  const anyFilter = Object.keys(filters).length > 0;

  const patch = (p: Partial<typeof DEFAULTS>) => {
    setSelected([]);
    setState({ currentPage: 1, ...p });
  };
  const restoreIds = (ids: number[]) =>
    restore.mutate(ids, {
      onSuccess: (r) => {
        setSelected([]);
        toast.success(t('mapping:recycle.restored', { count: r.count }));
      },
    });

  return (
    <>
      <PageTitle
        title={t('mapping:recycle.title')}
        extra={
          <Link to="/goods/mapping">
            <Button icon={<ArrowLeftOutlined />}>{t('mapping:recycle.back')}</Button>
          </Link>
        }
      />
      <Card>
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">{t('mapping:recycle.intro')}</Typography.Text>
          <Flex wrap gap={8} justify="space-between">
            <Space wrap>
              <MappingFilters value={state} onChange={patch} />
              {anyFilter && (
                <Button type="link" onClick={() => patch({ storeId: 0, platformCode: '', keyword: '', skuKeyword: '' })}>
                  {t('common:actions.reset')}
                </Button>
              )}
            </Space>
            <Popconfirm
              title={t('mapping:recycle.confirmRestore', { count: selected.length })}
              okText={t('common:actions.ok')}
              cancelText={t('common:actions.cancel')}
              disabled={!selected.length}
              onConfirm={() => restoreIds(selected)}
            >
              <Button type="primary" icon={<UndoOutlined />} disabled={!selected.length} loading={restore.isPending}>
                {t('mapping:recycle.restoreSelected', { count: selected.length })}
              </Button>
            </Popconfirm>
          </Flex>
          <Table<TbSkuRow>
            rowKey="id"
            loading={list.isFetching}
            dataSource={list.data?.voList ?? []}
            scroll={{ x: 1100 }}
            locale={{ emptyText: list.isFetching ? ' ' : <Empty description={anyFilter ? t('mapping:empty.filtered') : t('mapping:recycle.empty')} /> }}
            rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
            pagination={tablePagination(state.currentPage, state.pageSize, list.data?.total ?? 0, (page, size) => {
              setSelected([]);
              setState({ currentPage: size !== state.pageSize ? 1 : page, pageSize: size });
            })}
            columns={[
              { key: 'online', title: t('mapping:columns.online'), render: (_, r) => <OnlineSkuCell row={r} />, width: 420 },
              { key: 'store', title: t('mapping:columns.store'), render: (_, r) => <StoreCell row={r} />, width: 170 },
              { key: 'sku', title: t('mapping:columns.sku'), render: (_, r) => <MappedSkuCell row={r} />, width: 320 },
              { key: 'deletedAt', title: t('mapping:columns.deletedAt'), dataIndex: 'deletedAt', width: 150, render: (v: string | null) => <DateTime value={v} /> },
              {
                key: 'actions',
                title: t('common:actions.title'),
                fixed: 'right',
                width: 110,
                render: (_, r) => (
                  <Button type="link" size="small" onClick={() => restoreIds([r.id])}>
                    {t('mapping:recycle.restore')}
                  </Button>
                ),
              },
            ]}
          />
        </Flex>
      </Card>
    </>
  );
}
