// Online goods mapping (/goods/mapping, spec 02 §3.2, §7.4): the online SKUs of every store,
// waiting for a system SKU or confirmed, with confirming, matching all by code, choosing or
// replacing the SKU, unbinding, deleting to the recycle bin and copying names and pictures.
import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Badge, Button, Card, Empty, Flex, Popconfirm, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, PlusOutlined, ThunderboltOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatMoney, type BatchCountResult, type TbSkuRow } from '@openseller/core';
import { toast } from '../../../app/toast';
import { useColumnSettings } from '../../../ui/column-settings';
import { useDenseTable, useListDensity } from '../../../ui/density';
import { ImportModal } from '../../../ui/import-modal';
import { PageTitle } from '../../../ui/page-title';
import { tablePagination } from '../../../ui/pagination';
import { DateTime } from '../../../ui/relative-time';
import { useListState } from '../../../ui/use-list-state';
import { mappingApi, type TbSkuFilter, type TbSkuScope } from '../api';
import { MappedSkuCell, OnlineSkuCell, StoreCell } from '../components/cells';
import { CreateByHandModal } from '../components/create-by-hand-modal';
import { CreateSpuModal } from '../components/create-spu-modal';
import { MappingFilters } from '../components/mapping-filters';
import { ReplaceSkuModal } from '../components/replace-sku-modal';
import { mappingKeys, useMappingMutation, useTbSkuList } from '../queries';

const DEFAULTS = { tab: 'wait', currentPage: 1, pageSize: 10, storeId: 0, platformCode: '', keyword: '', skuKeyword: '', hasSku: '' };

const uniqueItems = (rows: TbSkuRow[]) => [...new Set(rows.map((r) => r.tbSpuRowId))];

export default function MappingPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [state, setState] = useListState(DEFAULTS);
  const scope: TbSkuScope = state.tab === 'already' ? 'already' : 'wait';
  const filters = useMemo(
    () => ({
      ...(state.storeId ? { storeId: state.storeId } : {}),
      ...(state.platformCode ? { platformCode: state.platformCode } : {}),
      ...(state.keyword ? { keyword: state.keyword } : {}),
      ...(state.skuKeyword ? { skuKeyword: state.skuKeyword } : {}),
      ...(scope === 'wait' && state.hasSku ? { hasSku: state.hasSku === 'yes' } : {}),
    }),
    [state.storeId, state.platformCode, state.keyword, state.skuKeyword, state.hasSku, scope],
  );
  const filter: TbSkuFilter = { currentPage: state.currentPage, pageSize: state.pageSize, ...filters };
  const list = useTbSkuList(scope, filter);
  // Both tab counts under the same filters.
  const { hasSku: _hasSku, ...tabFilters } = filters;
  const waitCount = useTbSkuList('wait', { currentPage: 1, pageSize: 1, ...tabFilters });
  const alreadyCount = useTbSkuList('already', { currentPage: 1, pageSize: 1, ...tabFilters });
  const anyFilter = Object.keys(filters).length > 0;

  const [selected, setSelected] = useState<TbSkuRow[]>([]);
  const [replacing, setReplacing] = useState<TbSkuRow | null>(null);
  const [creatingSpu, setCreatingSpu] = useState<TbSkuRow | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [byHandOpen, setByHandOpen] = useState(false);

  const patch = (p: Partial<typeof DEFAULTS>) => {
    setSelected([]);
    setState({ currentPage: 1, ...p });
  };

  const confirmOne = useMappingMutation((row: TbSkuRow) => mappingApi.confirm({ id: row.id, version: row.version }));
  const confirmList = useMappingMutation(mappingApi.confirmList);
  const matchAll = useMappingMutation(mappingApi.matchAll);
  const unbindOne = useMappingMutation((row: TbSkuRow) => mappingApi.unbind(row.id, row.version));
  const unbindItems = useMappingMutation(mappingApi.unbindItems);
  const removeOne = useMappingMutation((row: TbSkuRow) => mappingApi.remove(row.id, row.version));
  const removeList = useMappingMutation(mappingApi.removeList);
  const copyNames = useMappingMutation(mappingApi.copyNames);
  const copyPictures = useMappingMutation(mappingApi.copyPictures);
  /** After a batch command: clear the selection and say how many rows it changed. */
  const afterBatch = (message: string) => ({
    onSuccess: (r: BatchCountResult) => {
      setSelected([]);
      toast.success(t(message, { count: r.count }));
    },
  });

  const actions = (row: TbSkuRow) => (
    <Space size={0} wrap>
      {row.mappingStatus === 'wait' && row.skuId && (
        <Button type="link" size="small" onClick={() => confirmOne.mutate(row, { onSuccess: () => toast.success(t('mapping:done.confirmed', { count: 1 })) })}>
          {t('mapping:actions.confirm')}
        </Button>
      )}
      <Button type="link" size="small" onClick={() => setReplacing(row)}>
        {row.mappingStatus === 'already' ? t('mapping:actions.replace') : row.skuId ? t('mapping:actions.change') : t('mapping:actions.choose')}
      </Button>
      {row.mappingStatus === 'wait' && (
        <Button type="link" size="small" onClick={() => setCreatingSpu(row)}>
          {t('mapping:actions.createSpu')}
        </Button>
      )}
      {row.mappingStatus === 'already' && (
        <Popconfirm
          title={t('mapping:confirmUnbind', { tbSkuId: row.tbSkuId })}
          okText={t('common:actions.ok')}
          cancelText={t('common:actions.cancel')}
          onConfirm={() => unbindOne.mutate(row, { onSuccess: () => toast.success(t('mapping:done.unbound', { count: 1 })) })}
        >
          <Button type="link" size="small">
            {t('mapping:actions.unbind')}
          </Button>
        </Popconfirm>
      )}
      <Popconfirm
        title={t('mapping:confirmDelete', { count: 1 })}
        okText={t('common:actions.ok')}
        cancelText={t('common:actions.cancel')}
        onConfirm={() => removeOne.mutate(row, { onSuccess: () => toast.success(t('mapping:done.deleted', { count: 1 })) })}
      >
        <Button type="link" size="small" danger>
          {t('common:actions.delete')}
        </Button>
      </Popconfirm>
    </Space>
  );

  const columns: ColumnsType<TbSkuRow> = [
    { key: 'online', title: t('mapping:columns.online'), render: (_, r) => <OnlineSkuCell row={r} />, width: 380 },
    { key: 'store', title: t('mapping:columns.store'), render: (_, r) => <StoreCell row={r} />, width: 150 },
    { key: 'price', title: t('mapping:columns.price'), dataIndex: 'price', align: 'right', width: 100, render: (v: string | null) => (v ? formatMoney(v) : '-') },
    { key: 'sku', title: t('mapping:columns.sku'), render: (_, r) => <MappedSkuCell row={r} />, width: 300 },
    {
      key: 'source',
      title: t('mapping:columns.source'),
      dataIndex: 'source',
      width: 100,
      render: (v: TbSkuRow['source']) => <Tag>{t(`mapping:sources.${v}`)}</Tag>,
    },
    scope === 'already'
      ? { key: 'confirmedAt', title: t('mapping:columns.confirmedAt'), dataIndex: 'confirmedAt', width: 150, render: (v: string | null) => <DateTime value={v} /> }
      : { key: 'createdAt', title: t('mapping:columns.createdAt'), dataIndex: 'createdAt', width: 150, render: (v: string) => <DateTime value={v} /> },
    { key: 'actions', title: t('common:actions.title'), fixed: 'right', width: 200, render: (_, r) => actions(r) },
  ];
  const { columns: visible, settingsButton: columnButton } = useColumnSettings(`mapping-${scope}`, columns, ['source']);
  // Density and fit (issue 20): the default columns fit the page, compact rows on request, virtual rows from 100 a page.
  const { compact, densitySwitch } = useListDensity('mapping');
  const dense = useDenseTable<TbSkuRow>(visible, { compact, pageSize: state.pageSize, selection: true });

  const selectedIds = selected.map((r) => r.id);
  const batchBar =
    scope === 'wait' ? (
      <Space wrap>
        <Button
          type="primary"
          disabled={!selected.length}
          loading={confirmList.isPending}
          onClick={() => confirmList.mutate(selectedIds, afterBatch('mapping:done.confirmed'))}
        >
          {t('mapping:batch.confirm', { count: selected.length })}
        </Button>
        <Popconfirm
          title={state.storeId ? t('mapping:matchAll.confirmStore') : t('mapping:matchAll.confirm')}
          description={t('mapping:matchAll.hint')}
          okText={t('common:actions.ok')}
          cancelText={t('common:actions.cancel')}
          onConfirm={() =>
            matchAll.mutate(state.storeId || undefined, {
              onSuccess: (r) => (r.matched ? toast.success(t('mapping:matchAll.done', { ...r })) : toast.info(t('mapping:matchAll.none', { ...r }))),
            })
          }
        >
          <Button icon={<ThunderboltOutlined />} loading={matchAll.isPending}>
            {t('mapping:actions.matchAll')}
          </Button>
        </Popconfirm>
        <Popconfirm
          title={t('mapping:confirmDelete', { count: selected.length })}
          okText={t('common:actions.ok')}
          cancelText={t('common:actions.cancel')}
          disabled={!selected.length}
          onConfirm={() => removeList.mutate(selectedIds, afterBatch('mapping:done.deleted'))}
        >
          <Button danger disabled={!selected.length}>
            {t('mapping:batch.delete', { count: selected.length })}
          </Button>
        </Popconfirm>
      </Space>
    ) : (
      <Space wrap>
        <Popconfirm
          title={t('mapping:confirmUnbindItems', { count: uniqueItems(selected).length })}
          okText={t('common:actions.ok')}
          cancelText={t('common:actions.cancel')}
          disabled={!selected.length}
          onConfirm={() => unbindItems.mutate(uniqueItems(selected), afterBatch('mapping:done.unbound'))}
        >
          <Button disabled={!selected.length}>{t('mapping:batch.unbind', { count: selected.length })}</Button>
        </Popconfirm>
        <Popconfirm
          title={t('mapping:copy.namesConfirm')}
          okText={t('common:actions.ok')}
          cancelText={t('common:actions.cancel')}
          disabled={!selected.length}
          onConfirm={() => copyNames.mutate(uniqueItems(selected), { onSuccess: (r) => toast.success(t('mapping:copy.namesDone', { count: r.spuCount })) })}
        >
          <Button disabled={!selected.length}>{t('mapping:batch.copyNames')}</Button>
        </Popconfirm>
        <Popconfirm
          title={t('mapping:copy.picturesConfirm')}
          okText={t('common:actions.ok')}
          cancelText={t('common:actions.cancel')}
          disabled={!selected.length}
          onConfirm={() => copyPictures.mutate(uniqueItems(selected), { onSuccess: (r) => toast.success(t('mapping:copy.picturesDone', { ...r })) })}
        >
          <Button disabled={!selected.length}>{t('mapping:batch.copyPictures')}</Button>
        </Popconfirm>
        <Popconfirm
          title={t('mapping:confirmDelete', { count: selected.length })}
          okText={t('common:actions.ok')}
          cancelText={t('common:actions.cancel')}
          disabled={!selected.length}
          onConfirm={() => removeList.mutate(selectedIds, afterBatch('mapping:done.deleted'))}
        >
          <Button danger disabled={!selected.length}>
            {t('mapping:batch.delete', { count: selected.length })}
          </Button>
        </Popconfirm>
      </Space>
    );

  const empty = anyFilter ? (
    <Empty description={t('mapping:empty.filtered')} />
  ) : scope === 'wait' ? (
    <Empty description={t('mapping:empty.wait')}>
      <Space>
        <Button type="primary" icon={<UploadOutlined />} onClick={() => setImportOpen(true)}>
          {t('mapping:actions.import')}
        </Button>
        <Link to="/config/storemanagement">
          <Button>{t('mapping:empty.toStores')}</Button>
        </Link>
      </Space>
    </Empty>
  ) : (
    <Empty description={t('mapping:empty.already')} />
  );

  const tabLabel = (key: TbSkuScope, count: number | undefined) => (
    <Space size={6}>
      {t(`mapping:tabs.${key}`)}
      <Badge count={count ?? 0} showZero overflowCount={99999} color={key === 'wait' ? '#fa8c16' : '#52c41a'} />
    </Space>
  );

  return (
    <>
      <PageTitle
        title={t('mapping:title')}
        extra={
          <Space wrap>
            <Button icon={<UploadOutlined />} onClick={() => setImportOpen(true)}>
              {t('mapping:actions.import')}
            </Button>
            <Button icon={<PlusOutlined />} onClick={() => setByHandOpen(true)}>
              {t('mapping:actions.byHand')}
            </Button>
            <Link to="/goods/mapping/recyclebin">
              <Button icon={<DeleteOutlined />}>{t('mapping:actions.recycleBin')}</Button>
            </Link>
          </Space>
        }
      />
      <Card>
        <Tabs
          activeKey={scope}
          onChange={(tab) => patch({ tab, hasSku: '' })}
          items={[
            { key: 'wait', label: tabLabel('wait', waitCount.data?.total) },
            { key: 'already', label: tabLabel('already', alreadyCount.data?.total) },
          ]}
        />
        <Flex vertical gap={12}>
          <Flex wrap gap={8} justify="space-between">
            <Space wrap>
              <MappingFilters value={state} onChange={patch} />
              {scope === 'wait' && (
                <Select
                  allowClear
                  style={{ width: 170 }}
                  aria-label={t('mapping:filters.hasSku')}
                  placeholder={t('mapping:filters.hasSku')}
                  value={state.hasSku || undefined}
                  onChange={(hasSku?: string) => patch({ hasSku: hasSku ?? '' })}
                  options={[
                    { value: 'yes', label: t('mapping:filters.withSku') },
                    { value: 'no', label: t('mapping:filters.withoutSku') },
                  ]}
                />
              )}
              {anyFilter && (
                <Button type="link" onClick={() => patch({ storeId: 0, platformCode: '', keyword: '', skuKeyword: '', hasSku: '' })}>
                  {t('common:actions.reset')}
                </Button>
              )}
            </Space>
            {densitySwitch}
            {columnButton}
          </Flex>
          <Flex wrap gap={8} align="center">
            {batchBar}
            {selected.length > 0 && <Typography.Text type="secondary">{t('mapping:batch.selected', { count: selected.length })}</Typography.Text>}
          </Flex>
          <div ref={dense.ref}>
            <Table<TbSkuRow>
              rowKey="id"
              loading={list.isFetching}
              dataSource={list.data?.voList ?? []}
              {...dense.table}
              locale={{ emptyText: list.isFetching ? ' ' : empty }}
              rowSelection={{ selectedRowKeys: selectedIds, onChange: (_keys, rows) => setSelected(rows) }}
              pagination={tablePagination(state.currentPage, state.pageSize, list.data?.total ?? 0, (page, size) => {
                setSelected([]);
                setState({ currentPage: size !== state.pageSize ? 1 : page, pageSize: size });
              })}
            />
          </div>
        </Flex>
      </Card>
      <ReplaceSkuModal row={replacing} onClose={() => setReplacing(null)} />
      <CreateSpuModal row={creatingSpu} onClose={() => setCreatingSpu(null)} />
      <CreateByHandModal open={byHandOpen} onClose={() => setByHandOpen(false)} />
      <ImportModal
        open={importOpen}
        kind="ONLINE_ITEMS"
        title={t('mapping:import.title')}
        onClose={() => setImportOpen(false)}
        onDone={() => void queryClient.invalidateQueries({ queryKey: mappingKeys.all })}
        summaryLabels={{
          items: t('mapping:import.items'),
          skus: t('mapping:import.skus'),
          newSkus: t('mapping:import.newSkus'),
          existingSkus: t('mapping:import.existingSkus'),
          itemsCreated: t('mapping:import.itemsCreated'),
          itemsUpdated: t('mapping:import.itemsUpdated'),
          skusCreated: t('mapping:import.skusCreated'),
          skusUpdated: t('mapping:import.skusUpdated'),
          skusProposed: t('mapping:import.skusProposed'),
        }}
        fieldLabels={{
          store: t('mapping:fields.store'),
          tbSpuId: t('mapping:fields.tbSpuId'),
          title: t('mapping:fields.itemTitle'),
          tbSkuId: t('mapping:fields.tbSkuId'),
          properties: t('mapping:fields.properties'),
          outerSkuId: t('mapping:fields.outerSkuId'),
          price: t('mapping:fields.price'),
          picUrl: t('mapping:fields.picUrl'),
        }}
      />
    </>
  );
}
