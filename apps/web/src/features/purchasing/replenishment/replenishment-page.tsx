// /purchase/replenishment (MENU_PURCHASE): what to buy, per SKU and warehouse — sales of the last
// N days, on hand, on its way and on open orders, the warning level, and the suggested quantity
// (the server's formula, explained above the table). Filters live in the URL. Chosen rows become
// draft purchase orders: one per supplier and warehouse, opened on the create page prefilled, or
// all saved as drafts at once.
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Alert, Button, Card, Empty, Form, Input, InputNumber, Modal, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { FileAddOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney, type ReplenishmentRow } from '@openseller/core';
import { toast } from '../../../app/toast';
import { PageTitle } from '../../../ui/page-title';
import { tablePagination } from '../../../ui/pagination';
import { useListState } from '../../../ui/use-list-state';
import { useSupplierOptions } from '../../suppliers/queries';
import { WarehouseSelect } from '../../warehouses/components/warehouse-select';
import { purchaseApi } from '../api';
import { purchaseErrorMessage, purchaseKeys, useSeesPurchasePrice } from '../queries';
import { replenishmentApi, type ReplenishmentFilter } from './api';
import { draftsFromSuggestions, PREFILL_STATE_KEY, type PurchasePrefill } from './prefill';

const DEFAULTS = { currentPage: 1, pageSize: 50, days: 30, leadDays: 7, coverDays: 14, whId: -1, supplierId: 0, keyword: '', all: 0 };

interface FilterValues {
  days?: number | null;
  leadDays?: number | null;
  coverDays?: number | null;
  whId?: number;
  supplierId?: number;
  keyword?: string;
  all?: boolean;
}

const rowKey = (r: ReplenishmentRow) => `${r.whId}:${r.skuId}`;

export default function ReplenishmentPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const seesPrice = useSeesPurchasePrice();
  const suppliers = useSupplierOptions(false);
  const [state, setState] = useListState(DEFAULTS);
  const [form] = Form.useForm<FilterValues>();
  const [chosen, setChosen] = useState<Map<string, ReplenishmentRow>>(new Map());
  const [drafts, setDrafts] = useState<PurchasePrefill[] | null>(null);
  const [saving, setSaving] = useState(false);

  const filter = useMemo<ReplenishmentFilter>(
    () => ({
      currentPage: state.currentPage,
      pageSize: state.pageSize,
      days: state.days,
      leadDays: state.leadDays,
      coverDays: state.coverDays,
      whId: state.whId,
      ...(state.supplierId ? { supplierId: state.supplierId } : {}),
      ...(state.keyword ? { keyword: state.keyword } : {}),
      onlyPositive: !state.all,
    }),
    [state],
  );
  const list = useQuery({ queryKey: [...purchaseKeys.all, 'replenishment', filter], queryFn: () => replenishmentApi.search(filter), placeholderData: (previous) => previous });

  const search = (values: FilterValues) => {
    setChosen(new Map());
    setState({
      currentPage: 1,
      days: values.days ?? DEFAULTS.days,
      leadDays: values.leadDays ?? DEFAULTS.leadDays,
      coverDays: values.coverDays ?? DEFAULTS.coverDays,
      whId: values.whId ?? -1,
      supplierId: values.supplierId ?? 0,
      keyword: values.keyword?.trim() ?? '',
      all: values.all ? 1 : 0,
    });
  };
  const reset = () => {
    form.setFieldsValue({ days: DEFAULTS.days, leadDays: DEFAULTS.leadDays, coverDays: DEFAULTS.coverDays, whId: -1, supplierId: undefined, keyword: '', all: false });
    setChosen(new Map());
    setState({ ...DEFAULTS, pageSize: state.pageSize });
  };

  const open = (draft: PurchasePrefill) => navigate('/purchase/create-purchase-order', { state: { [PREFILL_STATE_KEY]: draft } });
  const draftChosen = () => {
    const groups = draftsFromSuggestions([...chosen.values()]);
    if (!groups.length) return toast.warning(t('replenish:draft.nothing'));
    if (groups.length === 1) return open(groups[0]!);
    setDrafts(groups);
  };
  /** Saves every group that has a supplier as a draft order; the others stay to be opened. */
  const saveAll = async (groups: PurchasePrefill[]) => {
    setSaving(true);
    const saved: string[] = [];
    try {
      for (const g of groups.filter((x) => x.supplierId !== null)) {
        const view = await purchaseApi.create({
          supplierId: g.supplierId!,
          whId: g.whId,
          purchaseDetailDtoList: g.lines.map((l) => ({ skuCode: l.skuCode, qty: l.qty })),
        });
        saved.push(view.order.code);
      }
      await client.invalidateQueries({ queryKey: purchaseKeys.all });
      toast.success(t('replenish:draft.saved', { count: saved.length, codes: saved.join(', ') }));
      const left = groups.filter((x) => x.supplierId === null);
      setDrafts(left.length ? left : null);
      setChosen(new Map());
      if (!left.length) navigate(`/purchase?status=DRAFT&codeKeywords=${encodeURIComponent(saved.join(','))}`);
    } catch (error) {
      toast.error(purchaseErrorMessage(error));
      if (saved.length) toast.info(t('replenish:draft.partlySaved', { codes: saved.join(', ') }));
    } finally {
      setSaving(false);
    }
  };

  const days = state.days;
  const columns: ColumnsType<ReplenishmentRow> = [
    {
      title: t('replenish:fields.sku'),
      key: 'sku',
      width: 220,
      fixed: 'left',
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{r.skuCode}</Typography.Text>
          <Typography.Text type="secondary">{[r.skuName, r.skuSpec].filter(Boolean).join(' · ')}</Typography.Text>
        </Space>
      ),
    },
    { title: t('replenish:fields.warehouse'), key: 'warehouse', dataIndex: 'warehouseName', width: 140 },
    { title: t('replenish:fields.sold', { days }), key: 'sold', dataIndex: 'soldQty', width: 110, align: 'right' },
    { title: t('replenish:fields.dailySales'), key: 'daily', dataIndex: 'dailySales', width: 100, align: 'right' },
    { title: t('replenish:fields.onHand'), key: 'onHand', width: 120, align: 'right', render: (_, r) => (r.allocated ? `${r.onHand} (${t('replenish:fields.held', { qty: r.allocated })})` : r.onHand) },
    { title: t('replenish:fields.inTransit'), key: 'inTransit', dataIndex: 'inTransitQty', width: 100, align: 'right' },
    { title: t('replenish:fields.onOrder'), key: 'onOrder', dataIndex: 'onOrderQty', width: 100, align: 'right' },
    { title: t('replenish:fields.warning'), key: 'warning', width: 90, align: 'right', render: (_, r) => r.warningQty ?? '-' },
    {
      title: t('replenish:fields.suggested'),
      key: 'suggested',
      width: 110,
      align: 'right',
      render: (_, r) => (r.suggestedQty > 0 ? <Typography.Text strong>{r.suggestedQty}</Typography.Text> : <Typography.Text type="secondary">0</Typography.Text>),
    },
    {
      title: t('replenish:fields.supplier'),
      key: 'supplier',
      width: 180,
      render: (_, r) => (r.supplierId ? `${r.supplierName} (${r.supplierCode})` : <Tag>{t('replenish:fields.noSupplier')}</Tag>),
    },
    ...(seesPrice
      ? [{ title: t('replenish:fields.price'), key: 'price', width: 110, align: 'right' as const, render: (_: unknown, r: ReplenishmentRow) => (r.purchasePrice ? formatMoney(r.purchasePrice) : '-') }]
      : []),
  ];

  const rows = list.data?.voList ?? [];
  const filtered = !!(state.whId !== -1 || state.supplierId || state.keyword);

  return (
    <>
      <PageTitle title={t('nav:routes.purchaseReplenishment')} />
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        message={t('replenish:formula.title')}
        description={t('replenish:formula.text', { days: state.days, lead: state.leadDays, cover: state.coverDays })}
      />
      <Card size="small" style={{ marginBottom: 12 }}>
        <Form
          form={form}
          layout="inline"
          style={{ rowGap: 8 }}
          initialValues={{ days: state.days, leadDays: state.leadDays, coverDays: state.coverDays, whId: state.whId, supplierId: state.supplierId || undefined, keyword: state.keyword, all: !!state.all }}
          onFinish={search}
        >
          <Form.Item name="days" label={t('replenish:filters.days')}>
            <InputNumber min={1} max={365} precision={0} style={{ width: 90 }} />
          </Form.Item>
          <Form.Item name="leadDays" label={t('replenish:filters.leadDays')}>
            <InputNumber min={0} max={365} precision={0} style={{ width: 90 }} />
          </Form.Item>
          <Form.Item name="coverDays" label={t('replenish:filters.coverDays')}>
            <InputNumber min={0} max={365} precision={0} style={{ width: 90 }} />
          </Form.Item>
          <Form.Item name="whId" label={t('replenish:fields.warehouse')}>
            <WarehouseSelect allowAll style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="supplierId" label={t('replenish:fields.supplier')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: 180 }}
              placeholder={t('replenish:filters.anySupplier')}
              options={(suppliers.data ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.code})` }))}
            />
          </Form.Item>
          <Form.Item name="keyword" label={t('replenish:filters.keyword')}>
            <Input allowClear style={{ width: 180 }} placeholder={t('replenish:filters.keywordPlaceholder')} />
          </Form.Item>
          <Form.Item name="all" label={t('replenish:filters.showAll')} valuePropName="checked">
            <Switch />
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
        <Typography.Text type="secondary">{t('replenish:list.chosen', { count: chosen.size })}</Typography.Text>
        <Space wrap>
          <Button onClick={() => setChosen(new Map())} disabled={!chosen.size}>
            {t('replenish:list.clearChosen')}
          </Button>
          <Button type="primary" icon={<FileAddOutlined />} disabled={!chosen.size} onClick={draftChosen}>
            {t('replenish:draft.button', { count: chosen.size })}
          </Button>
        </Space>
      </Space>

      {list.error && <Alert type="error" showIcon message={purchaseErrorMessage(list.error)} style={{ marginBottom: 12 }} />}
      <Table<ReplenishmentRow>
        rowKey={rowKey}
        size="middle"
        loading={list.isFetching}
        dataSource={rows}
        columns={columns}
        scroll={{ x: 1500 }}
        rowSelection={{
          preserveSelectedRowKeys: true,
          selectedRowKeys: [...chosen.keys()],
          getCheckboxProps: (r) => ({ disabled: r.suggestedQty <= 0, 'aria-label': t('replenish:list.choose', { sku: r.skuCode, warehouse: r.warehouseName }) }),
          onChange: (_keys, selected) => {
            // Rows of other pages stay chosen; this page's are what the table says.
            const next = new Map([...chosen].filter(([key]) => !rows.some((r) => rowKey(r) === key)));
            for (const r of selected) if (r) next.set(rowKey(r), r);
            setChosen(next);
          },
        }}
        locale={{
          emptyText: (
            <Empty
              description={
                filtered ? (
                  t('replenish:list.noMatch')
                ) : (
                  <Space direction="vertical" size={4}>
                    <span>{t('replenish:list.empty')}</span>
                    <Link to="/purchase/create-purchase-order">{t('replenish:list.createByHand')}</Link>
                  </Space>
                )
              }
            />
          ),
        }}
        pagination={tablePagination(state.currentPage, state.pageSize, list.data?.total ?? 0, (page, size) => setState({ currentPage: size !== state.pageSize ? 1 : page, pageSize: size }))}
      />

      <Modal
        open={!!drafts}
        title={t('replenish:draft.title', { count: drafts?.length ?? 0 })}
        onCancel={() => setDrafts(null)}
        maskClosable={false}
        width={720}
        footer={[
          <Button key="close" onClick={() => setDrafts(null)}>
            {t('common:actions.cancel')}
          </Button>,
          <Button key="all" type="primary" loading={saving} disabled={!drafts?.some((d) => d.supplierId !== null)} onClick={() => drafts && void saveAll(drafts)}>
            {t('replenish:draft.saveAll', { count: drafts?.filter((d) => d.supplierId !== null).length ?? 0 })}
          </Button>,
        ]}
      >
        <Typography.Paragraph type="secondary">{t('replenish:draft.help')}</Typography.Paragraph>
        <Table<PurchasePrefill>
          rowKey={(d) => `${d.supplierId ?? 0}:${d.whId}`}
          size="small"
          pagination={false}
          dataSource={drafts ?? []}
          columns={[
            { title: t('replenish:fields.supplier'), key: 'supplier', render: (_, d) => d.supplierName ?? <Tag>{t('replenish:fields.noSupplier')}</Tag> },
            { title: t('replenish:fields.warehouse'), key: 'warehouse', dataIndex: 'warehouseName' },
            { title: t('replenish:draft.lines'), key: 'lines', align: 'right', render: (_, d) => t('replenish:draft.linesValue', { skus: d.lines.length, qty: d.lines.reduce((s, l) => s + l.qty, 0) }) },
            {
              title: '',
              key: 'open',
              render: (_, d) => (
                <Button size="small" onClick={() => open(d)}>
                  {t('replenish:draft.open')}
                </Button>
              ),
            },
          ]}
        />
      </Modal>
    </>
  );
}
