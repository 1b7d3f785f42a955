// /stocks activeKey 1, the business inventory (spec 02 §3.6, §7.9): stock by warehouse (all = -1)
// and SKU with on-hand, allocated, available, warning level, average cost and stock value; filters
// kept in the URL (the home page links here with whId and belowWarning); each row opens to its
// locations with their production dates, and to the ledger behind its numbers. Opening inventory
// and warning levels are imported; the list is exported to the download centre.
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Button, Card, Dropdown, Empty, Form, Input, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { AlertOutlined, DownloadOutlined, DownOutlined, EditOutlined, HistoryOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_KEYWORD_CAP,
  formatMoney,
  INVENTORY_KEYWORD_TYPES,
  INVENTORY_STOCK_FILTERS,
  SKU_KEYWORD_CAP,
  splitKeywords,
  type BizInventoryRow,
  type InventoryKeywordType,
  type InventoryStockFilter,
} from '@openseller/core';
import { useSession } from '../../../app/session';
import { toast } from '../../../app/toast';
import { useColumnSettings } from '../../../ui/column-settings';
import { useDenseTable, useListDensity } from '../../../ui/density';
import { ImportModal } from '../../../ui/import-modal';
import { tablePagination } from '../../../ui/pagination';
import { Thumbnail } from '../../../ui/picture-upload';
import { SkuNameCell } from '../../../ui/sku-attributes';
import { useListState } from '../../../ui/use-list-state';
import { announceNewExport } from '../../exports/export-events';
import { useExportStart } from '../../exports/use-export-start';
import { useLocations } from '../../warehouses/queries';
import { WarehouseSelect } from '../../warehouses/components/warehouse-select';
import { inventoryApi } from './api';
import { LedgerDrawer, type LedgerTarget } from './components/ledger-drawer';
import { LocationBalances } from './components/location-balances';
import { ProductDatesModal, type ProductDatesTarget } from './components/product-dates-modal';
import { WarningModal } from './components/warning-modal';
import { stockErrorMessage, useInventoryList, useInventoryMutation, type InventoryFilter } from './queries';

const DEFAULTS = {
  currentPage: 1,
  pageSize: 10,
  whId: -1,
  locationId: 0,
  keywordType: 'code',
  keywords: '',
  stockFilter: '',
  /** The home page's link to the SKUs below their warning level. */
  belowWarning: '',
};

type Importing = 'OPENING_INVENTORY' | 'STOCK_WARNINGS';

export default function BusinessInventoryTab() {
  const { t } = useTranslation();
  const session = useSession();
  const seesCost = session.fields.includes('COST_PRICE');
  const [state, setState] = useListState(DEFAULTS);
  const [form] = Form.useForm<{ whId: number; locationId?: number; keywordType: InventoryKeywordType; keywords?: string; stockFilter?: InventoryStockFilter }>();
  const [selected, setSelected] = useState<BizInventoryRow[]>([]);
  const [warningRows, setWarningRows] = useState<BizInventoryRow[] | null>(null);
  const [ledger, setLedger] = useState<LedgerTarget | null>(null);
  const [dates, setDates] = useState<ProductDatesTarget | null>(null);
  const [importing, setImporting] = useState<Importing | null>(null);
  const chosenWarehouse = Form.useWatch('whId', form) ?? state.whId;

  const stockFilter = (state.belowWarning === 'true' ? 'BELOW_WARNING' : state.stockFilter) as InventoryStockFilter | '';
  const filter = useMemo<InventoryFilter>(
    () => ({
      currentPage: state.currentPage,
      pageSize: state.pageSize,
      whId: state.whId,
      ...(state.locationId ? { locationId: state.locationId } : {}),
      keywordType: state.keywordType as InventoryKeywordType,
      ...(state.keywords ? { keywords: state.keywords } : {}),
      ...(stockFilter ? { stockFilter } : {}),
    }),
    [state, stockFilter],
  );
  const list = useInventoryList(filter);
  const locations = useLocations({ warehouseId: chosenWarehouse, currentPage: 1, pageSize: 1000 }, chosenWarehouse !== -1);
  const filtered = !!(state.keywords || stockFilter || state.locationId || state.whId !== -1);

  const startExport = useExportStart();
  const exportList = useInventoryMutation(() => {
    const { currentPage: _c, pageSize: _p, ...rest } = filter;
    return inventoryApi.exportList(rest);
  });

  const search = (values: { whId?: number; locationId?: number; keywordType: InventoryKeywordType; keywords?: string; stockFilter?: InventoryStockFilter }) => {
    const cap = values.keywordType === 'name' ? DEFAULT_KEYWORD_CAP : SKU_KEYWORD_CAP;
    const { items, overCap } = splitKeywords(values.keywords ?? '', cap);
    if (overCap) toast.warning(t('stock:filters.overCap', { cap }));
    form.setFieldsValue({ keywords: items.join(',') });
    setSelected([]);
    setState({
      currentPage: 1,
      whId: values.whId ?? -1,
      locationId: values.locationId ?? 0,
      keywordType: values.keywordType,
      keywords: items.join(','),
      stockFilter: values.stockFilter ?? '',
      belowWarning: '',
    });
  };
  const reset = () => {
    form.setFieldsValue({ whId: -1, locationId: undefined, keywordType: 'code', keywords: '', stockFilter: undefined });
    setSelected([]);
    setState({ ...DEFAULTS, pageSize: state.pageSize });
  };

  const columns: ColumnsType<BizInventoryRow> = [
    { title: t('stock:fields.warehouse'), key: 'warehouse', dataIndex: 'whName', width: 120, fixed: 'left' },
    {
      title: t('stock:fields.skuCode'),
      key: 'skuCode',
      width: 150,
      fixed: 'left',
      render: (_, r) => (
        <Space size={4} wrap>
          <Typography.Text copyable={{ text: r.skuCode }}>{r.skuCode}</Typography.Text>
          {r.isCombination && <Tag color="purple">{t('stock:list.combination')}</Tag>}
        </Space>
      ),
    },
    { title: t('stock:fields.picture'), key: 'picUrl', dataIndex: 'picUrl', width: 64, render: (url: string | null, r) => <Thumbnail url={url} alt={r.skuName} /> },
    {
      title: t('stock:fields.nameSpec'),
      key: 'name',
      width: 170,
      render: (_, r) => <SkuNameCell name={r.skuName} sku={r} />,
    },
    { title: t('stock:fields.barCode'), key: 'barCode', dataIndex: 'barCode', width: 140, render: (v: string | null) => v ?? '-' },
    { title: t('stock:fields.onHand'), key: 'onHand', dataIndex: 'onHand', width: 80, align: 'right', render: (v: number | null) => v ?? '-' },
    { title: t('stock:fields.allocated'), key: 'allocated', dataIndex: 'allocated', width: 80, align: 'right', render: (v: number | null) => v ?? '-' },
    {
      title: t('stock:fields.available'),
      key: 'available',
      dataIndex: 'available',
      width: 90,
      align: 'right',
      render: (v: number, r) =>
        r.belowWarning ? (
          <Tooltip title={t('stock:list.belowWarningTip', { warning: r.warningQty })}>
            <Typography.Text type="danger" strong>
              <AlertOutlined /> {v}
            </Typography.Text>
          </Tooltip>
        ) : r.isCombination ? (
          <Tooltip title={t('stock:list.derivedTip')}>
            <Typography.Text underline>{v}</Typography.Text>
          </Tooltip>
        ) : (
          v
        ),
    },
    {
      title: t('stock:fields.warningQty'),
      key: 'warningQty',
      width: 100,
      align: 'right',
      render: (_, r) =>
        r.isCombination ? (
          '-'
        ) : (
          <Button type="link" size="small" icon={<EditOutlined />} iconPosition="end" aria-label={t('stock:warning.editFor', { sku: r.skuCode })} onClick={() => setWarningRows([r])}>
            {r.warningQty ?? t('stock:warning.none')}
          </Button>
        ),
    },
    {
      title: t('stock:fields.productDates'),
      key: 'productDateQty',
      width: 90,
      align: 'right',
      render: (_, r) =>
        r.isCombination ? '-' : r.onHand !== null && r.productDateQty > r.onHand ? <Typography.Text type="warning">{r.productDateQty}</Typography.Text> : r.productDateQty,
    },
    ...(seesCost
      ? [
          {
            title: t('stock:fields.averageCost'),
            key: 'averageCost',
            width: 100,
            align: 'right' as const,
            render: (_: unknown, r: BizInventoryRow) => (r.averageCost ? formatMoney(r.averageCost) : '-'),
          },
          {
            title: t('stock:fields.stockValue'),
            key: 'stockValue',
            width: 110,
            align: 'right' as const,
            render: (_: unknown, r: BizInventoryRow) => (r.stockValue ? formatMoney(r.stockValue) : '-'),
          },
        ]
      : []),
    {
      title: t('common:actions.title'),
      key: 'actions',
      width: 64,
      fixed: 'right',
      render: (_, r) =>
        r.isCombination ? null : (
          <Tooltip title={t('stock:list.ledgerTip')}>
            <Button
              type="link"
              size="small"
              icon={<HistoryOutlined />}
              aria-label={t('stock:list.ledgerOf', { sku: r.skuCode, warehouse: r.whName })}
              onClick={() => setLedger({ whId: r.whId, whName: r.whName, skuId: r.skuId, skuCode: r.skuCode, skuName: r.skuName })}
            />
          </Tooltip>
        ),
    },
  ];
  const { columns: visible, settingsButton } = useColumnSettings('stock.inventory', columns, ['barCode', 'picUrl']);
  // Density and fit (issue 20): the default columns fit the page, compact rows on request, virtual rows from 100 a page.
  const { compact, densitySwitch } = useListDensity('stock.inventory');
  const dense = useDenseTable<BizInventoryRow>(visible, { compact, pageSize: state.pageSize, selection: true, expandable: true });
  const plainSelected = selected.filter((r) => !r.isCombination);

  const importFields = Object.fromEntries(['warehouseCode', 'locationCode', 'skuCode', 'qty', 'unitCost', 'warningQty'].map((k) => [k, t(`stock:import.columns.${k}`)]));
  const importSummary = Object.fromEntries(['rows', 'skus', 'qty', 'set', 'cleared'].map((k) => [k, t(`stock:import.summary.${k}`)]));

  return (
    <>
      <Card size="small" style={{ marginBottom: 12 }}>
        <Form
          form={form}
          layout="inline"
          style={{ rowGap: 8 }}
          initialValues={{
            whId: state.whId,
            locationId: state.locationId || undefined,
            keywordType: state.keywordType,
            keywords: state.keywords,
            stockFilter: stockFilter || undefined,
          }}
          onFinish={search}
        >
          <Form.Item name="whId" label={t('stock:fields.warehouse')}>
            <WarehouseSelect allowAll includeStopped onChange={() => form.setFieldsValue({ locationId: undefined })} />
          </Form.Item>
          <Form.Item name="locationId" label={t('stock:fields.location')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              disabled={chosenWarehouse === -1}
              placeholder={chosenWarehouse === -1 ? t('stock:filters.chooseWarehouseFirst') : t('stock:filters.anyLocation')}
              style={{ width: 190 }}
              options={(locations.data?.voList ?? []).map((l) => ({ value: l.id, label: l.code }))}
            />
          </Form.Item>
          <Form.Item>
            <Space.Compact>
              <Form.Item name="keywordType" noStyle>
                <Select aria-label={t('stock:filters.keywordType')} style={{ width: 110 }} options={INVENTORY_KEYWORD_TYPES.map((k) => ({ value: k, label: t(`stock:filters.keywordTypes.${k}`) }))} />
              </Form.Item>
              <Form.Item name="keywords" noStyle>
                <Input allowClear aria-label={t('stock:filters.keywords')} placeholder={t('stock:filters.keywordsPlaceholder', { cap: SKU_KEYWORD_CAP })} style={{ width: 260 }} />
              </Form.Item>
            </Space.Compact>
          </Form.Item>
          <Form.Item name="stockFilter" label={t('stock:filters.stock')}>
            <Select allowClear style={{ width: 170 }} placeholder={t('stock:filters.anyStock')} options={INVENTORY_STOCK_FILTERS.map((f) => ({ value: f, label: t(`stock:filters.stockFilters.${f}`) }))} />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {t('common:actions.search')}
            </Button>
            <Button onClick={reset}>{t('common:actions.reset')}</Button>
          </Space>
        </Form>
      </Card>

      <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Dropdown
            menu={{
              items: [
                { key: 'OPENING_INVENTORY', label: t('stock:import.openingTitle') },
                { key: 'STOCK_WARNINGS', label: t('stock:import.warningsTitle') },
              ],
              onClick: ({ key }) => setImporting(key as Importing),
            }}
          >
            <Button icon={<UploadOutlined />}>
              {t('stock:list.import')} <DownOutlined />
            </Button>
          </Dropdown>
          <Button
            icon={<DownloadOutlined />}
            loading={exportList.isPending}
            onClick={() =>
              startExport(() =>
                exportList.mutate(undefined, {
                  onSuccess: () => {
                    toast.success(t('stock:list.exportQueued'));
                    announceNewExport();
                  },
                }),
              )
            }
          >
            {t('stock:list.export')}
          </Button>
          <Tooltip title={plainSelected.length ? undefined : t('stock:list.selectFirst')}>
            <Button icon={<AlertOutlined />} disabled={!plainSelected.length} onClick={() => setWarningRows(plainSelected)}>
              {t('stock:list.setWarnings', { count: plainSelected.length })}
            </Button>
          </Tooltip>
          <Link to="/stocks/create-adjust">{t('stock:list.averageCostLink')}</Link>
        </Space>
        <Space wrap>
          {selected.length > 0 && <Typography.Text type="secondary">{t('stock:list.selected', { count: selected.length })}</Typography.Text>}
          {densitySwitch}
          {settingsButton}
        </Space>
      </Space>

      {stockFilter === 'BELOW_WARNING' && (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t('stock:list.belowWarningFilter')} />
      )}
      {list.error && <Alert type="error" showIcon message={stockErrorMessage(list.error)} style={{ marginBottom: 12 }} />}
      <div ref={dense.ref}>
        <Table<BizInventoryRow>
          rowKey="key"
          size="middle"
          loading={list.isFetching}
          dataSource={list.data?.voList ?? []}
          {...dense.table}
          rowSelection={{
            selectedRowKeys: selected.map((r) => r.key),
            preserveSelectedRowKeys: false,
            // A combination takes no warning level: its stock comes from its components.
            getCheckboxProps: (r) => ({ disabled: r.isCombination }),
            onChange: (_keys, rows) => setSelected(rows),
          }}
          expandable={{
            expandedRowRender: (row) => <LocationBalances row={row} onLedger={setLedger} onDates={setDates} />,
            rowExpandable: (row) => row.isCombination || row.locationCount > 0,
          }}
          locale={{ emptyText: <Empty description={filtered ? t('stock:list.noMatch') : t('stock:list.empty')} /> }}
          pagination={tablePagination(state.currentPage, state.pageSize, list.data?.total ?? 0, (page, size) => {
            setSelected([]);
            setState({ currentPage: size !== state.pageSize ? 1 : page, pageSize: size });
          })}
        />
      </div>

      <WarningModal
        rows={warningRows}
        onClose={() => {
          setWarningRows(null);
          setSelected([]);
        }}
      />
      <LedgerDrawer target={ledger} onClose={() => setLedger(null)} />
      <ProductDatesModal target={dates} onClose={() => setDates(null)} />
      <ImportModal
        open={importing !== null}
        kind={importing ?? 'OPENING_INVENTORY'}
        title={importing === 'STOCK_WARNINGS' ? t('stock:import.warningsTitle') : t('stock:import.openingTitle')}
        onClose={() => setImporting(null)}
        onDone={() => void list.refetch()}
        summaryLabels={importSummary}
        fieldLabels={importFields}
      />
    </>
  );
}
