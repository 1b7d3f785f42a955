// /logs activeKey 2, the inventory log: every movement of stock from the ledger, with the
// warehouse, location, SKU, change and balance after, document and operator; filters in the URL.
import { useMemo } from 'react';
import { Alert, Button, DatePicker, Form, Input, Select, Space, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_KEYWORD_CAP,
  INVENTORY_KEYWORD_TYPES,
  SKU_KEYWORD_CAP,
  splitKeywords,
  STOCK_MOVEMENTS,
  type InventoryKeywordType,
  type InventoryLogRow,
  type StockMovement,
} from '@openseller/core';
import { toast } from '../../../app/toast';
import { tablePagination } from '../../../ui/pagination';
import { useListState } from '../../../ui/use-list-state';
import { WarehouseSelect } from '../../warehouses/components/warehouse-select';
import { ledgerColumns } from './components/ledger-columns';
import { stockErrorMessage, useInventoryLog, type LogFilter } from './queries';

const DEFAULTS = { currentPage: 1, pageSize: 10, whId: -1, keywordType: 'code', keywords: '', movement: '', docCode: '', from: '', to: '' };

interface Values {
  whId?: number;
  keywordType: InventoryKeywordType;
  keywords?: string;
  movement?: StockMovement;
  docCode?: string;
  range?: [Dayjs, Dayjs] | null;
}

export default function InventoryLogTab() {
  const { t } = useTranslation();
  const [state, setState] = useListState(DEFAULTS);
  const [form] = Form.useForm<Values>();
  const filter = useMemo<LogFilter>(
    () => ({
      currentPage: state.currentPage,
      pageSize: state.pageSize,
      whId: state.whId,
      keywordType: state.keywordType as InventoryKeywordType,
      ...(state.keywords ? { keywords: state.keywords } : {}),
      ...(state.movement ? { movement: state.movement as StockMovement } : {}),
      ...(state.docCode ? { docCode: state.docCode } : {}),
      ...(state.from ? { timeFrom: state.from } : {}),
      ...(state.to ? { timeTo: state.to } : {}),
    }),
    [state],
  );
  const log = useInventoryLog(filter);

  const search = (v: Values) => {
    const cap = v.keywordType === 'name' ? DEFAULT_KEYWORD_CAP : SKU_KEYWORD_CAP;
    const { items, overCap } = splitKeywords(v.keywords ?? '', cap);
    if (overCap) toast.warning(t('stock:filters.overCap', { cap }));
    form.setFieldsValue({ keywords: items.join(',') });
    setState({
      currentPage: 1,
      whId: v.whId ?? -1,
      keywordType: v.keywordType,
      keywords: items.join(','),
      movement: v.movement ?? '',
      docCode: v.docCode?.trim() ?? '',
      from: v.range ? v.range[0].startOf('day').format('YYYY-MM-DD HH:mm:ss') : '',
      to: v.range ? v.range[1].endOf('day').format('YYYY-MM-DD HH:mm:ss') : '',
    });
  };

  return (
    <>
      <Form
        form={form}
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        initialValues={{
          whId: state.whId,
          keywordType: state.keywordType,
          keywords: state.keywords,
          movement: state.movement || undefined,
          docCode: state.docCode,
          range: state.from && state.to ? [dayjs(state.from), dayjs(state.to)] : null,
        }}
        onFinish={search}
      >
        <Form.Item name="whId" label={t('stock:fields.warehouse')}>
          <WarehouseSelect allowAll includeStopped />
        </Form.Item>
        <Form.Item>
          <Space.Compact>
            <Form.Item name="keywordType" noStyle>
              <Select aria-label={t('stock:filters.keywordType')} style={{ width: 110 }} options={INVENTORY_KEYWORD_TYPES.map((k) => ({ value: k, label: t(`stock:filters.keywordTypes.${k}`) }))} />
            </Form.Item>
            <Form.Item name="keywords" noStyle>
              <Input allowClear aria-label={t('stock:filters.keywords')} placeholder={t('stock:filters.keywordsPlaceholder', { cap: SKU_KEYWORD_CAP })} style={{ width: 240 }} />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
        <Form.Item name="movement" label={t('stock:log.movement')}>
          <Select allowClear style={{ width: 140 }} options={STOCK_MOVEMENTS.map((m) => ({ value: m, label: t(`stock:movements.${m}`) }))} />
        </Form.Item>
        <Form.Item name="docCode" label={t('stock:log.docCode')}>
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="range" label={t('stock:log.time')}>
          <DatePicker.RangePicker />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('common:actions.search')}
          </Button>
          <Button
            onClick={() => {
              form.setFieldsValue({ whId: -1, keywordType: 'code', keywords: '', movement: undefined, docCode: '', range: null });
              setState({ ...DEFAULTS, pageSize: state.pageSize });
            }}
          >
            {t('common:actions.reset')}
          </Button>
        </Space>
      </Form>
      {log.error && <Alert type="error" showIcon message={stockErrorMessage(log.error)} style={{ marginBottom: 12 }} />}
      <Table<InventoryLogRow>
        rowKey="id"
        size="middle"
        loading={log.isFetching}
        dataSource={log.data?.voList ?? []}
        columns={ledgerColumns(t, { withSku: true, withWarehouse: true })}
        scroll={{ x: 1600 }}
        pagination={tablePagination(state.currentPage, state.pageSize, log.data?.total ?? 0, (page, size) => setState({ currentPage: size !== state.pageSize ? 1 : page, pageSize: size }))}
      />
    </>
  );
}
