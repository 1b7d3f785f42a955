// /stocks activeKey 5, sales outbound: what shipped orders took out of the warehouses (the stock
// ledger's SHIP movements of orders), filtered by warehouse, SKU, order code and time, with an
// export to the download centre. Empty until orders ship.
import { useMemo } from 'react';
import { Button, DatePicker, Empty, Form, Input, Space, Table, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ORDER_CODE_KEYWORD_CAP, splitKeywords, type SalesOutboundRow } from '@openseller/core';
import { toast } from '../../../app/toast';
import { useColumnSettings } from '../../../ui/column-settings';
import { tablePagination } from '../../../ui/pagination';
import { DateTime } from '../../../ui/relative-time';
import { useListState } from '../../../ui/use-list-state';
import { announceNewExport } from '../../exports/export-events';
import { useExportStart } from '../../exports/use-export-start';
import { WarehouseSelect } from '../../warehouses/components/warehouse-select';
import { outboundApi } from './api';
import { useOutboundMutation, useSalesOutbound, type SalesOutboundFilter } from './queries';

const DEFAULTS = { currentPage: 1, pageSize: 10, whId: -1, skuKeyword: '', orderCode: '', from: '', to: '' };
const TIME = 'YYYY-MM-DD HH:mm:ss';

interface Filters {
  whId?: number;
  skuKeyword?: string;
  orderCode?: string;
  range?: [Dayjs, Dayjs] | null;
}

export default function SalesOutboundTab() {
  const { t } = useTranslation();
  const [state, setState] = useListState(DEFAULTS);
  const [form] = Form.useForm<Filters>();
  const filter = useMemo<SalesOutboundFilter>(
    () => ({
      currentPage: state.currentPage,
      pageSize: state.pageSize,
      whId: state.whId,
      ...(state.skuKeyword ? { skuKeyword: state.skuKeyword } : {}),
      ...(state.orderCode ? { orderCode: state.orderCode } : {}),
      ...(state.from ? { timeFrom: state.from } : {}),
      ...(state.to ? { timeTo: state.to } : {}),
    }),
    [state],
  );
  const list = useSalesOutbound(filter);
  const startExport = useExportStart();
  const exportList = useOutboundMutation(() => {
    const { currentPage: _page, pageSize: _size, ...rest } = filter;
    return outboundApi.exportSalesOutbound(rest);
  });

  const search = (v: Filters) => {
    const { items, overCap } = splitKeywords(v.orderCode ?? '', ORDER_CODE_KEYWORD_CAP);
    if (overCap) toast.warning(t('outbound:sales.overCap', { cap: ORDER_CODE_KEYWORD_CAP }));
    form.setFieldsValue({ orderCode: items.join(',') });
    setState({
      currentPage: 1,
      whId: v.whId ?? -1,
      skuKeyword: v.skuKeyword?.trim() ?? '',
      orderCode: items.join(','),
      from: v.range ? v.range[0].startOf('day').format(TIME) : '',
      to: v.range ? v.range[1].endOf('day').format(TIME) : '',
    });
  };
  const reset = () => {
    form.setFieldsValue({ whId: -1, skuKeyword: '', orderCode: '', range: null });
    setState({ ...DEFAULTS, pageSize: state.pageSize });
  };

  const { columns, settingsButton } = useColumnSettings<SalesOutboundRow>('stock.outbound.sales', [
    { title: t('outbound:sales.time'), key: 'createdAt', dataIndex: 'createdAt', width: 160, render: (v: string) => <DateTime value={v} /> },
    { title: t('outbound:sales.orderCode'), key: 'orderCode', dataIndex: 'orderCode', width: 180, render: (v: string | null) => (v ? <Typography.Text copyable>{v}</Typography.Text> : '-') },
    { title: t('outbound:fields.warehouse'), key: 'warehouse', dataIndex: 'warehouseName', width: 160 },
    { title: t('outbound:fields.location'), key: 'location', dataIndex: 'locationCode', width: 110, render: (v: string | null) => v ?? '-' },
    { title: t('outbound:fields.skuCode'), key: 'skuCode', dataIndex: 'skuCode', width: 170 },
    { title: t('outbound:fields.skuName'), key: 'skuName', render: (_, r) => [r.skuName, r.specifications].filter(Boolean).join(' / ') || '-' },
    { title: t('outbound:sales.qty'), key: 'qty', dataIndex: 'qty', width: 100, align: 'right' },
    { title: t('outbound:sales.onHandAfter'), key: 'onHandAfter', dataIndex: 'onHandAfter', width: 120, align: 'right' },
  ]);

  return (
    <>
      <Form<Filters>
        form={form}
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        initialValues={{ whId: state.whId, skuKeyword: state.skuKeyword, orderCode: state.orderCode, range: state.from && state.to ? [dayjs(state.from), dayjs(state.to)] : null }}
        onFinish={search}
      >
        <Form.Item name="whId" label={t('outbound:fields.warehouse')}>
          <WarehouseSelect allowAll includeStopped style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="skuKeyword" label={t('outbound:fields.sku')}>
          <Input allowClear style={{ width: 170 }} placeholder={t('outbound:list.skuPlaceholder')} />
        </Form.Item>
        <Form.Item name="orderCode" label={t('outbound:sales.orderCode')}>
          <Input allowClear style={{ width: 220 }} placeholder={t('outbound:sales.orderCodePlaceholder')} />
        </Form.Item>
        <Form.Item name="range" label={t('outbound:sales.time')}>
          <DatePicker.RangePicker />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('common:actions.search')}
          </Button>
          <Button onClick={reset}>{t('common:actions.reset')}</Button>
        </Space>
      </Form>
      <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Typography.Text type="secondary">{t('outbound:sales.help')}</Typography.Text>
        <Space>
          <Button
            icon={<DownloadOutlined />}
            loading={exportList.isPending}
            disabled={!list.data?.total}
            onClick={() =>
              startExport(() =>
                exportList.mutate(undefined, {
                  onSuccess: () => {
                    announceNewExport();
                    toast.success(t('outbound:sales.exported'));
                  },
                }),
              )
            }
          >
            {t('outbound:sales.export')}
          </Button>
          {settingsButton}
        </Space>
      </Space>
      <Table<SalesOutboundRow>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.voList ?? []}
        columns={columns}
        scroll={{ x: 1200 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('outbound:sales.empty')} /> }}
        pagination={tablePagination(state.currentPage, state.pageSize, list.data?.total ?? 0, (page, size) => setState({ currentPage: size !== state.pageSize ? 1 : page, pageSize: size }))}
      />
    </>
  );
}
