// The goods list (/goods, spec 02 §3.1, §7.3): classification tree, filters kept in the URL, the
// list with SKUs and components in expandable rows, create and edit, combinations, batch
// delete, marks, labels, status, moving to a class, imports, export and shelf-life records.
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Button, Card, Dropdown, Empty, Form, Input, Popconfirm, Segmented, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CloudUploadOutlined, DeleteOutlined, DownloadOutlined, DownOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  compareDecimals,
  formatMoney,
  formatWeight,
  GOODS_NAME_KEYWORD_CAP,
  SKU_KEYWORD_CAP,
  SKU_SYNC_STATUSES,
  splitKeywords,
  type ComponentRow,
  type SkuRow,
  type SkuSyncStatus,
  type SpuRow,
} from '@openseller/core';
import { ApiError, errorMessage } from '../../../app/request';
import { useSession } from '../../../app/session';
import { toast } from '../../../app/toast';
import { useColumnSettings } from '../../../ui/column-settings';
import { useDenseTable, useListDensity } from '../../../ui/density';
import { fitHeaderWidths } from '../../../ui/header-fit';
import { ImportModal } from '../../../ui/import-modal';
import { PageTitle } from '../../../ui/page-title';
import { tablePagination } from '../../../ui/pagination';
import { Thumbnail } from '../../../ui/picture-upload';
import { useSkuAttributesText } from '../../../ui/sku-attributes';
import { useListState } from '../../../ui/use-list-state';
import { announceNewExport } from '../../exports/export-events';
import { useExportStart } from '../../exports/use-export-start';
import { goodsApi, goodsWmsApi, type SpuSearchParams } from '../api';
import { ClassTree } from '../components/class-tree';
import { AddSkuModal, MarkModal, MoveToClassModal, ShelfLifeModal, type ShelfLifeTarget } from '../components/goods-dialogs';
import { GoodsFormDrawer, type GoodsFormMode } from '../components/goods-form-drawer';
import { GoodsSyncCell } from '../components/goods-sync-cell';
import { useGoodsCounts, useGoodsMutation, useInvalidateGoods, useSpuList } from '../queries';
import { useShellApi } from '../../../ui/shell-api';


const DEFAULTS = {
  currentPage: 1,
  pageSize: 10,
  codeKeywords: '',
  nameKeywords: '',
  barCodeKeywords: '',
  status: '',
  skuSyncStatus: '',
  classId: '',
  kind: 'all',
  mark: '',
  label: '',
};

/** A keyword list cut at its cap, with a warning when it was longer (spec 01 §5). */
function capped(text: string, cap: number, warn: (cap: number) => void): string {
  const { items, overCap } = splitKeywords(text, cap);
  if (overCap) warn(cap);
  return items.join(',');
}

/** Goods with variants show the range of their SKUs' values. */
function moneyOf(row: SpuRow, key: 'price' | 'costPrice' | 'distributionPrice'): string {
  if (!row.hasSku) return row[key] ? formatMoney(row[key]!) : '-';
  const values = row.skus.map((s) => s[key]).filter((v): v is string => !!v);
  if (!values.length) return row[key] ? formatMoney(row[key]!) : '-';
  const sorted = [...values].sort((a, b) => compareDecimals(a, b));
  const [low, high] = [sorted[0]!, sorted[sorted.length - 1]!];
  return compareDecimals(low, high) === 0 ? formatMoney(low) : `${formatMoney(low)} ~ ${formatMoney(high)}`;
}

function weightVolume(row: { weight: string | null; volume: string | null }) {
  const weight = row.weight ? `${formatWeight(row.weight)} kg` : '-';
  const volume = row.volume ? `${row.volume} m³` : '-';
  return `${weight} / ${volume}`;
}

export default function GoodsPage() {
  const { t } = useTranslation();
  const skuAttributes = useSkuAttributesText();
  /** A value the SKU takes from its goods says so. */
  const fromGoods = (taken: boolean) => (taken ? <Typography.Text type="secondary"> ({t('goods:list.fromGoods')})</Typography.Text> : null);
  const session = useSession();
  const seesCost = session.fields.includes('COST_PRICE');
  const [state, setState] = useListState(DEFAULTS);
  const [filterForm] = Form.useForm<{ codeKeywords: string; nameKeywords: string; barCodeKeywords: string; status?: string; skuSyncStatus?: string }>();
  const [selected, setSelected] = useState<SpuRow[]>([]);
  const [formMode, setFormMode] = useState<GoodsFormMode>(null);
  const [shelfLife, setShelfLife] = useState<ShelfLifeTarget | null>(null);
  const [marking, setMarking] = useState<'MARK' | 'LABEL' | null>(null);
  const [moving, setMoving] = useState(false);
  const [addSkuTo, setAddSkuTo] = useState<SpuRow | null>(null);
  const [importing, setImporting] = useState<'GOODS' | 'COMBINATION_GOODS' | null>(null);
  const invalidate = useInvalidateGoods();
  const { modal } = useShellApi();

  const filter = useMemo<SpuSearchParams>(
    () => ({
      currentPage: state.currentPage,
      pageSize: state.pageSize,
      ...(state.codeKeywords ? { codeKeywords: state.codeKeywords } : {}),
      ...(state.nameKeywords ? { nameKeywords: state.nameKeywords } : {}),
      ...(state.barCodeKeywords ? { barCodeKeywords: state.barCodeKeywords } : {}),
      ...(state.status ? { status: state.status as 'onsale' | 'instock' } : {}),
      ...(state.skuSyncStatus ? { skuSyncStatus: state.skuSyncStatus as SkuSyncStatus } : {}),
      ...(state.classId !== '' ? { skuSysClassifyId: Number(state.classId) } : {}),
      ...(state.kind !== 'all' ? { isCombination: state.kind === 'combination' } : {}),
      ...(state.mark ? { mark: state.mark } : {}),
      ...(state.label ? { label: state.label } : {}),
    }),
    [state],
  );
  const { data, isFetching, error } = useSpuList(filter);
  const counts = useGoodsCounts();
  const filtered = !!(state.codeKeywords || state.nameKeywords || state.barCodeKeywords || state.status || state.skuSyncStatus || state.classId !== '' || state.mark || state.label);

  const remove = useGoodsMutation((ids: number[]) => goodsApi.deleteSpus(ids));
  const setStatus = useGoodsMutation((status: 'onsale' | 'instock') => goodsApi.setStatus({ idList: selected.map((s) => s.id), status }));
  const sendToWms = useGoodsMutation(() => goodsWmsApi.send(selected.map((s) => s.id)));
  const rebuild = useGoodsMutation(() => goodsWmsApi.rebuild(selected.map((s) => s.id)));
  const startExport = useExportStart();
  const exportList = useGoodsMutation(() => {
    const { currentPage: _c, pageSize: _p, ...rest } = filter;
    return goodsApi.exportSpus({ ...rest, ...(selected.length ? { idList: selected.map((s) => s.id) } : {}) });
  });

  const search = (values: { codeKeywords?: string; nameKeywords?: string; barCodeKeywords?: string; status?: string; skuSyncStatus?: string }) => {
    const warn = (cap: number) => toast.warning(t('goods:filters.overCap', { cap }));
    const patch = {
      codeKeywords: capped(values.codeKeywords ?? '', SKU_KEYWORD_CAP, warn),
      nameKeywords: capped(values.nameKeywords ?? '', GOODS_NAME_KEYWORD_CAP, warn),
      barCodeKeywords: capped(values.barCodeKeywords ?? '', SKU_KEYWORD_CAP, warn),
      status: values.status ?? '',
      skuSyncStatus: values.skuSyncStatus ?? '',
      currentPage: 1,
    };
    filterForm.setFieldsValue({ codeKeywords: patch.codeKeywords, nameKeywords: patch.nameKeywords, barCodeKeywords: patch.barCodeKeywords });
    setSelected([]);
    setState(patch);
  };
  const reset = () => {
    filterForm.resetFields();
    setSelected([]);
    setState({ ...DEFAULTS, classId: state.classId, kind: state.kind, pageSize: state.pageSize });
  };

  const deleteSpus = (rows: SpuRow[]) =>
    remove.mutate(
      rows.map((r) => r.id),
      {
        onSuccess: (r) => {
          toast.success(t('goods:list.deleted', { count: r.deleted }));
          setSelected([]);
        },
      },
    );

  const columns: ColumnsType<SpuRow> = [
    {
      title: t('common:actions.title'),
      key: 'actions',
      fixed: 'left',
      width: 150,
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setFormMode({ kind: 'edit', id: row.id })}>
            {t('common:actions.edit')}
          </Button>
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                ...(!row.isCombination ? [{ key: 'addSku', label: t('goods:list.addSku') }] : []),
                ...(!row.hasSku ? [{ key: 'shelfLife', label: t('goods:list.shelfLife') }] : []),
                { key: 'delete', danger: true, label: t('common:actions.delete') },
              ],
              onClick: ({ key }) => {
                if (key === 'addSku') setAddSkuTo(row);
                if (key === 'shelfLife') setShelfLife({ skuId: row.skus[0]!.id, code: row.code, name: row.name });
                if (key === 'delete') {
                  modal.confirm({
                    title: t('goods:list.confirmDeleteOne', { code: row.code }),
                    okText: t('common:actions.ok'),
                    cancelText: t('common:actions.cancel'),
                    okButtonProps: { danger: true },
                    onOk: () => deleteSpus([row]),
                  });
                }
              },
            }}
          >
            <Button type="link" size="small" aria-label={t('goods:list.more', { code: row.code })}>
              {t('goods:list.moreShort')} <DownOutlined />
            </Button>
          </Dropdown>
        </Space>
      ),
    },
    {
      title: t('goods:fields.cloudWarehouse'),
      key: 'syncStatus',
      dataIndex: 'skuSyncStatus',
      width: 110,
      render: (s: SkuSyncStatus, row) => <GoodsSyncCell spuId={row.id} status={s} isCombination={row.isCombination} />,
    },
    { title: t('goods:fields.code'), key: 'code', dataIndex: 'code', width: 180, render: (code: string) => <Typography.Text copyable={{ text: code }}>{code}</Typography.Text> },
    { title: t('goods:fields.picUrl'), key: 'picUrl', dataIndex: 'picUrl', width: 70, render: (url: string | null, row) => <Thumbnail url={url} alt={row.name} /> },
    {
      title: t('goods:fields.nameSpec'),
      key: 'name',
      width: 280,
      render: (_, row) => (
        <Space direction="vertical" size={2}>
          <span>
            {row.name}
            {row.isCombination && (
              <Tag color="purple" style={{ marginInlineStart: 6 }}>
                {t('goods:list.combination')}
              </Tag>
            )}
            {row.status === 'instock' && (
              <Tag style={{ marginInlineStart: 6 }}>{t('goods:status.instock')}</Tag>
            )}
          </span>
          {row.hasSku ? (
            <Typography.Text type="secondary">{t('goods:list.variantCount', { count: row.skus.length })}</Typography.Text>
          ) : (
            row.specifications && <Typography.Text type="secondary">{row.specifications}</Typography.Text>
          )}
          {(row.labels.length > 0 || row.skuMarks.length > 0) && (
            <Space size={2} wrap>
              {row.skuMarks.map((m) => (
                <Tag key={`m-${m}`} color="volcano" bordered={false}>
                  {m}
                </Tag>
              ))}
              {row.labels.map((l) => (
                <Tag key={`l-${l}`} color="blue" bordered={false}>
                  {l}
                </Tag>
              ))}
            </Space>
          )}
        </Space>
      ),
    },
    { title: t('goods:fields.price'), key: 'price', width: 130, align: 'right', render: (_, row) => moneyOf(row, 'price') },
    ...(seesCost ? [{ title: t('goods:fields.costPrice'), key: 'costPrice', width: 130, align: 'right' as const, render: (_: unknown, row: SpuRow) => moneyOf(row, 'costPrice') }] : []),
    { title: t('goods:fields.distributionPrice'), key: 'distributionPrice', width: 130, align: 'right', render: (_, row) => moneyOf(row, 'distributionPrice') },
    {
      title: t('goods:fields.weightVolume'),
      key: 'weight',
      width: 170,
      render: (_, row) => (row.hasSku && !row.weight && row.skus.some((s) => s.weight) ? t('goods:list.seeVariants') : weightVolume(row)),
    },
    { title: t('goods:fields.barCode'), key: 'barCode', dataIndex: 'barCode', width: 140, render: (v: string | null) => v ?? '-' },
    {
      title: t('goods:fields.onlineSku'),
      key: 'onlineSku',
      width: 110,
      render: (_, row) =>
        row.onlineSkuCount > 0 ? (
          <Link to={`/goods/mapping?keyword=${encodeURIComponent(row.code)}`}>{t('goods:list.onlineLinked', { count: row.onlineSkuCount })}</Link>
        ) : (
          <Typography.Text type="secondary">{t('goods:list.onlineNone')}</Typography.Text>
        ),
    },
    { title: t('goods:fields.class'), key: 'class', dataIndex: 'skuSysClassifyName', width: 120, render: (v: string | null) => v ?? <Typography.Text type="secondary">{t('goods:classes.unclassified')}</Typography.Text> },
  ];
  const { columns: visible, settingsButton } = useColumnSettings('goods.list', columns, ['distributionPrice']);
  // Density and fit (issue 20): the default columns fit the page, compact rows on request, virtual rows from 100 a page.
  const { compact, densitySwitch } = useListDensity('goods.list');
  const dense = useDenseTable<SpuRow>(visible, { compact, pageSize: state.pageSize, selection: true, expandable: true });

  const skuColumns: ColumnsType<SkuRow> = fitHeaderWidths<SkuRow>([
    { title: t('goods:fields.skuCode'), dataIndex: 'code', width: 160 },
    { title: t('goods:fields.picUrl'), dataIndex: 'picUrl', width: 60, render: (url: string | null, r) => <Thumbnail url={url} alt={r.name} /> },
    {
      title: t('goods:fields.specifications'),
      render: (_, r) => skuAttributes(r) || '-',
    },
    { title: t('goods:fields.barCode'), dataIndex: 'barCode', width: 140, render: (v: string | null) => v ?? '-' },
    { title: t('goods:fields.price'), dataIndex: 'price', width: 110, align: 'right', render: (v: string | null) => (v ? formatMoney(v) : '-') },
    ...(seesCost
      ? [
          {
            title: t('goods:fields.costPrice'),
            dataIndex: 'costPrice',
            width: 130,
            align: 'right' as const,
            render: (v: string | null | undefined, r: SkuRow) => (v ? <>{formatMoney(v)}{fromGoods(r.costPriceFromGoods)}</> : '-'),
          },
        ]
      : []),
    {
      title: t('goods:fields.weightVolume'),
      width: 190,
      render: (_, r) => (
        <>
          {r.weight ? `${formatWeight(r.weight)} kg` : '-'}
          {r.weight ? fromGoods(r.weightFromGoods) : null}
          {` / ${r.volume ? `${r.volume} m³` : '-'}`}
        </>
      ),
    },
    { title: t('goods:fields.status'), dataIndex: 'status', width: 80, render: (s: string) => t(`goods:status.${s}`) },
    {
      title: t('common:actions.title'),
      width: 100,
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => setShelfLife({ skuId: r.id, code: r.code, name: r.name })}>
          {t('goods:list.shelfLife')}
        </Button>
      ),
    },
  ]);
  const componentColumns: ColumnsType<ComponentRow> = fitHeaderWidths<ComponentRow>([
    { title: t('goods:fields.skuCode'), dataIndex: 'code', width: 160 },
    { title: t('goods:fields.picUrl'), dataIndex: 'picUrl', width: 60, render: (url: string | null, r) => <Thumbnail url={url} alt={r.name} /> },
    {
      title: t('goods:fields.nameSpec'),
      render: (_, c) => (
        <span>
          {c.name}
          {c.specifications ? <Typography.Text type="secondary"> · {c.specifications}</Typography.Text> : null}
          {c.isCombination && (
            <Tag color="purple" style={{ marginInlineStart: 6 }}>
              {t('goods:list.combination')}
            </Tag>
          )}
        </span>
      ),
    },
    { title: t('goods:fields.qty'), dataIndex: 'qty', width: 80, align: 'right' },
    { title: t('goods:fields.price'), dataIndex: 'price', width: 110, align: 'right', render: (v: string | null) => (v ? formatMoney(v) : '-') },
    ...(seesCost
      ? [{ title: t('goods:fields.apportionCostPrice'), dataIndex: 'apportionCostPrice', width: 130, align: 'right' as const, render: (v: string | null | undefined) => (v ? formatMoney(v) : '-') }]
      : []),
  ]);

  const ids = selected.map((s) => s.id);
  const summaryLabels = {
    new: t('goods:import.new'),
    existing: t('goods:import.existing'),
    skus: t('goods:import.skus'),
    components: t('goods:import.components'),
    created: t('goods:import.created'),
    updated: t('goods:import.updated'),
    skipped: t('goods:import.skipped'),
  };
  const fieldLabels = Object.fromEntries(
    ['spuCode', 'name', 'skuCode', 'specifications', 'color', 'size', 'barCode', 'price', 'costPrice', 'weight', 'length', 'width', 'height', 'classCode', 'labels', 'code', 'componentCode', 'qty', 'apportionCostPrice', 'picUrl', 'shelfLife'].map((k) => [
      k,
      t(`goods:import.columns.${k}`),
    ]),
  );

  return (
    <>
      <PageTitle
        title={t('nav:routes.goods')}
        extra={
          counts.data && (
            <Typography.Text type="secondary">
              {t('goods:list.counts', { spus: counts.data.spuCount, skus: counts.data.skuCount, combinations: counts.data.combinationCount })}
            </Typography.Text>
          )
        }
      />
      <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
        <ClassTree
          value={state.classId}
          onChange={(classId) => {
            setSelected([]);
            setState({ classId, currentPage: 1 });
          }}
        />
        <div style={{ flex: 1, minWidth: 0 }}>
          <Card size="small" style={{ marginBottom: 12 }}>
            <Form
              form={filterForm}
              layout="inline"
              initialValues={{ codeKeywords: state.codeKeywords, nameKeywords: state.nameKeywords, barCodeKeywords: state.barCodeKeywords, status: state.status || undefined, skuSyncStatus: state.skuSyncStatus || undefined }}
              onFinish={search}
              style={{ rowGap: 8 }}
            >
              <Form.Item name="codeKeywords" label={t('goods:filters.code')}>
                <Input allowClear placeholder={t('goods:filters.codePlaceholder', { cap: SKU_KEYWORD_CAP })} style={{ width: 220 }} />
              </Form.Item>
              <Form.Item name="nameKeywords" label={t('goods:filters.name')}>
                <Input allowClear placeholder={t('goods:filters.namePlaceholder', { cap: GOODS_NAME_KEYWORD_CAP })} style={{ width: 200 }} />
              </Form.Item>
              <Form.Item name="barCodeKeywords" label={t('goods:filters.barCode')}>
                <Input allowClear placeholder={t('goods:filters.codePlaceholder', { cap: SKU_KEYWORD_CAP })} style={{ width: 200 }} />
              </Form.Item>
              <Form.Item name="status" label={t('goods:fields.status')}>
                <Select
                  allowClear
                  style={{ width: 120 }}
                  placeholder={t('goods:filters.any')}
                  options={[
                    { value: 'onsale', label: t('goods:status.onsale') },
                    { value: 'instock', label: t('goods:status.instock') },
                  ]}
                />
              </Form.Item>
              <Form.Item name="skuSyncStatus" label={t('goods:fields.cloudWarehouse')}>
                <Select allowClear style={{ width: 140 }} placeholder={t('goods:filters.any')} options={SKU_SYNC_STATUSES.filter((s) => s !== 'SENDING').map((s) => ({ value: s, label: t(`goods:sync.${s}`) }))} />
              </Form.Item>
              <Space>
                <Button type="primary" htmlType="submit">
                  {t('common:actions.search')}
                </Button>
                <Button onClick={reset}>{t('common:actions.reset')}</Button>
              </Space>
            </Form>
            {(state.mark || state.label) && (
              <Space style={{ marginTop: 8 }}>
                {state.mark && (
                  <Tag closable color="volcano" onClose={() => setState({ mark: '', currentPage: 1 })}>
                    {t('goods:fields.skuMarks')}: {state.mark}
                  </Tag>
                )}
                {state.label && (
                  <Tag closable color="blue" onClose={() => setState({ label: '', currentPage: 1 })}>
                    {t('goods:fields.labels')}: {state.label}
                  </Tag>
                )}
              </Space>
            )}
          </Card>

          <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
            <Space wrap>
              <Segmented
                value={state.kind}
                onChange={(kind) => {
                  setSelected([]);
                  setState({ kind: String(kind), currentPage: 1 });
                }}
                options={[
                  { value: 'all', label: t('goods:list.kindAll') },
                  { value: 'normal', label: t('goods:list.kindNormal') },
                  { value: 'combination', label: t('goods:list.kindCombination') },
                ]}
              />
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setFormMode({ kind: 'create', isCombination: false })}>
                {t('goods:list.create')}
              </Button>
              <Button icon={<PlusOutlined />} onClick={() => setFormMode({ kind: 'create', isCombination: true })}>
                {t('goods:list.createCombination')}
              </Button>
              <Dropdown
                menu={{
                  items: [
                    { key: 'GOODS', label: t('goods:import.goodsTitle') },
                    { key: 'COMBINATION_GOODS', label: t('goods:import.combinationTitle') },
                  ],
                  onClick: ({ key }) => setImporting(key as 'GOODS' | 'COMBINATION_GOODS'),
                }}
              >
                <Button icon={<UploadOutlined />}>
                  {t('goods:list.import')} <DownOutlined />
                </Button>
              </Dropdown>
              <Button
                icon={<DownloadOutlined />}
                loading={exportList.isPending}
                onClick={() =>
                  startExport(() =>
                    exportList.mutate(undefined, {
                      onSuccess: () => {
                        toast.success(t('goods:list.exportQueued'));
                        announceNewExport();
                      },
                    }),
                  )
                }
              >
                {selected.length ? t('goods:list.exportSelected', { count: selected.length }) : t('goods:list.export')}
              </Button>
            </Space>
            <Space wrap>
              {selected.length > 0 && <Typography.Text type="secondary">{t('goods:list.selected', { count: selected.length })}</Typography.Text>}
              <Dropdown
                disabled={!selected.length}
                menu={{
                  items: [
                    { key: 'move', label: t('goods:list.moveToClass') },
                    { key: 'mark', label: t('goods:list.setMarks') },
                    { key: 'label', label: t('goods:list.setLabels') },
                    { key: 'onsale', label: t('goods:list.putOnSale') },
                    { key: 'instock', label: t('goods:list.takeDown') },
                    { key: 'sendToWms', label: t('goods:wms.send') },
                    { key: 'rebuild', label: t('goods:wms.rebuild') },
                  ],
                  onClick: ({ key }) => {
                    if (key === 'move') setMoving(true);
                    if (key === 'mark') setMarking('MARK');
                    if (key === 'label') setMarking('LABEL');
                    if (key === 'sendToWms') sendToWms.mutate(undefined, { onSuccess: (r) => toast.success(t('goods:wms.requested', { requested: r.requested })) });
                    if (key === 'rebuild') rebuild.mutate(undefined, { onSuccess: (r) => toast.success(t('goods:wms.rebuilt', { changed: r.voList.reduce((n, v) => n + v.skusChanged, 0) })) });
                    if (key === 'onsale' || key === 'instock')
                      setStatus.mutate(key, { onSuccess: (r) => toast.success(t(`goods:list.statusDone.${key}`, { count: r.updated })) });
                  },
                }}
              >
                <Button icon={<CloudUploadOutlined />}>
                  {t('goods:list.batch')} <DownOutlined />
                </Button>
              </Dropdown>
              <Popconfirm
                title={t('goods:list.confirmDelete', { count: selected.length })}
                disabled={!selected.length}
                okText={t('common:actions.ok')}
                cancelText={t('common:actions.cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() => deleteSpus(selected)}
              >
                <Tooltip title={selected.length ? undefined : t('goods:list.selectFirst')}>
                  <Button danger icon={<DeleteOutlined />} disabled={!selected.length} loading={remove.isPending}>
                    {t('goods:list.batchDelete')}
                  </Button>
                </Tooltip>
              </Popconfirm>
              {densitySwitch}
              {settingsButton}
            </Space>
          </Space>

          {error && <Alert type="error" showIcon message={error instanceof ApiError ? errorMessage(error) : String(error)} style={{ marginBottom: 12 }} />}
          <div ref={dense.ref}>
            <Table<SpuRow>
              rowKey="id"
              size="middle"
              loading={isFetching}
              dataSource={data?.voList ?? []}
              {...dense.table}
              rowSelection={{
                selectedRowKeys: ids,
                preserveSelectedRowKeys: false,
                onChange: (_keys, rows) => setSelected(rows),
              }}
              expandable={{
                rowExpandable: (row) => row.hasSku || row.isCombination,
                expandedRowRender: (row) =>
                  row.isCombination ? (
                    <Table<ComponentRow> rowKey="skuId" size="small" pagination={false} dataSource={row.components} columns={componentColumns} title={() => t('goods:list.componentsOf', { code: row.code })} />
                  ) : (
                    <Table<SkuRow> rowKey="id" size="small" pagination={false} dataSource={row.skus.map((s) => ({ ...s, picUrl: s.picUrl ?? row.picUrl }))} columns={skuColumns} />
                  ),
              }}
              locale={{
                emptyText: (
                  <Empty description={filtered ? t('goods:list.noMatch') : t('goods:list.empty')}>
                    {!filtered && (
                      <Space>
                        <Button type="primary" icon={<PlusOutlined />} onClick={() => setFormMode({ kind: 'create', isCombination: false })}>
                          {t('goods:list.create')}
                        </Button>
                        <Button icon={<UploadOutlined />} onClick={() => setImporting('GOODS')}>
                          {t('goods:import.goodsTitle')}
                        </Button>
                      </Space>
                    )}
                  </Empty>
                ),
              }}
              pagination={tablePagination(state.currentPage, state.pageSize, data?.total ?? 0, (page, size) => {
                setSelected([]);
                setState({ currentPage: size !== state.pageSize ? 1 : page, pageSize: size });
              })}
            />
          </div>
        </div>
      </div>

      <GoodsFormDrawer mode={formMode} onClose={() => setFormMode(null)} />
      <ShelfLifeModal target={shelfLife} onClose={() => setShelfLife(null)} />
      <MarkModal kind={marking} ids={ids} onClose={() => setMarking(null)} />
      <MoveToClassModal open={moving} ids={ids} onClose={() => setMoving(false)} />
      <AddSkuModal spu={addSkuTo} onClose={() => setAddSkuTo(null)} />
      <ImportModal
        open={importing !== null}
        kind={importing ?? 'GOODS'}
        title={importing === 'COMBINATION_GOODS' ? t('goods:import.combinationTitle') : t('goods:import.goodsTitle')}
        coverOption
        summaryLabels={summaryLabels}
        fieldLabels={fieldLabels}
        onClose={() => setImporting(null)}
        onDone={() => void invalidate()}
      />
    </>
  );
}
