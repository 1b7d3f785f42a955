// /order/aftersalesmanagement (MENU_RMA_MANAGE, "return management"): the return-inbound list
// (spec 02 §3.6, §4.1, §7.9). The home page's jump sends status=CI_RMA_STATUS_CREATED. The search
// box takes a scan: the return's tracking number, the order code, a platform order number or the
// return code; a single match opens its receive dialog at once, an order (or its after-sale) with no
// return yet opens the create dialog with it, and a parcel that matches nothing is recorded as a
// 'no information' parcel (the second tab), linked later to its return.
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, Card, Empty, Input, Popconfirm, Segmented, Space, Table, Tabs, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined, TagsOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatDateTime, rmaStatusCode, RMA_STATUSES, type RmaStatus } from '@openseller/core';
import { toast } from '../../../app/toast';
import { PageTitle } from '../../../ui/page-title';
import { tablePagination } from '../../../ui/pagination';
import { rmaApi, type RmaRowData, type RmaViewData } from './api';
import { RmaCreateModal, RmaReasonsModal, RmaReceiveModal, type RmaCreatePrefill } from './rma-dialogs';
import { RmaParcelsTab } from './rma-parcels';
import { WarehouseSelect } from '../../warehouses/components/warehouse-select';
import { rmaErrorMessage, useRmaList, useRmaMutation, useRmaStatuses } from './queries';

const STATUS_COLORS: Record<RmaStatus, string> = {
  CI_RMA_STATUS_CREATED: 'processing',
  CI_RMA_STATUS_SYNCED: 'purple',
  CI_RMA_STATUS_COMPLETED: 'success',
  CI_RMA_STATUS_CLOSED: 'default',
};

export default function RmaPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const status = rmaStatusCode(params.get('status') ?? '') ?? null;
  const keyword = params.get('keyword') ?? '';
  const currentPage = Number(params.get('page') ?? 1) || 1;
  const pageSize = Number(params.get('size') ?? 10) || 10;
  const [scan, setScan] = useState(keyword);
  // The box shows the filter the URL holds (a jump or the menu starts it afresh).
  useEffect(() => setScan(keyword), [keyword]);
  const [creating, setCreating] = useState(false);
  const [prefill, setPrefill] = useState<RmaCreatePrefill | null>(null);
  const [scanWhId, setScanWhId] = useState<number | undefined>();
  const tab = params.get('tab') === 'parcels' ? 'parcels' : 'returns';
  const [reasonsOpen, setReasonsOpen] = useState(false);
  const [receiving, setReceiving] = useState<RmaViewData | null>(null);
  const list = useRmaList({ currentPage, pageSize, statusCode: status, orderKeyWord: keyword || null });
  const statuses = useRmaStatuses();
  const remove = useRmaMutation((row: RmaRowData) => rmaApi.remove(row.id, row.version));
  const sendToSystem = useRmaMutation((row: RmaRowData) => rmaApi.syncToWms(row.id));
  const cancelInSystem = useRmaMutation((row: RmaRowData) => rmaApi.cancelToWms(row.id));

  const setFilter = (next: Record<string, string | null>) => {
    const merged = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) if (v) merged.set(k, v); else merged.delete(k);
    merged.delete('page');
    setParams(merged);
  };

  async function openReceive(id: number) {
    try {
      setReceiving(await rmaApi.get(id));
    } catch (error) {
      toast.error(rmaErrorMessage(error));
    }
  }

  async function onScan(value: string) {
    const text = value.trim();
    if (!text) {
      setFilter({ keyword: null });
      return;
    }
    try {
      const found = await rmaApi.scan({ text, whId: scanWhId ?? null });
      if (found.kind === 'RMA') {
        setFilter({ keyword: text });
        await openReceive(found.rma!.id);
      } else if (found.kind === 'MANY') {
        setFilter({ keyword: text, status: null });
        toast.info(t('rma:scan.many', { text, count: found.total }));
      } else if (found.kind === 'ORDER') {
        toast.info(found.afterSaleCode ? t('rma:scan.afterSale', { code: found.afterSaleCode }) : t('rma:scan.order', { code: found.erpSoHCode ?? '' }));
        setPrefill({ orderCode: found.erpSoHCode ?? text, expressNo: text === found.erpSoHCode || text === found.afterSaleCode ? undefined : text });
        setCreating(true);
      } else {
        setScan('');
        toast.warning(found.parcelCreated ? t('rma:scan.parcelRecorded', { text }) : t('rma:scan.parcelKnown', { text }));
      }
    } catch (error) {
      toast.error(rmaErrorMessage(error));
    }
  }

  const count = (s: RmaStatus) => statuses.data?.find((x) => x.statusCode === s)?.count ?? 0;
  const columns: ColumnsType<RmaRowData> = [
    { title: t('rma:columns.code'), dataIndex: 'code', width: 170 },
    { title: t('rma:columns.status'), dataIndex: 'statusCode', width: 140, render: (s: RmaStatus) => <Tag color={STATUS_COLORS[s]}>{t(`rma:statuses.${s}`)}</Tag> },
    { title: t('rma:columns.order'), dataIndex: 'erpSoHCode', width: 170, render: (code: string | null, row) => code ?? <Typography.Text type="secondary">{t(`rma:sources.${row.source}`)}</Typography.Text> },
    { title: t('rma:columns.warehouse'), dataIndex: 'warehouseName', width: 150 },
    { title: t('rma:columns.expressNo'), dataIndex: 'expressNo', width: 150 },
    { title: t('rma:columns.buyer'), dataIndex: 'buyerNick', width: 120 },
    { title: t('rma:columns.reason'), dataIndex: 'reason', width: 120 },
    {
      title: t('rma:columns.received'),
      width: 170,
      render: (_: unknown, row) => (
        <span>
          {row.receivedQtyTotal}/{row.qtyTotal}
          {row.receivedQtyTotal > 0 && <Typography.Text type="secondary">{' ' + t('rma:columns.goodDefective', { good: row.goodQtyTotal, defective: row.defectiveQtyTotal })}</Typography.Text>}
        </span>
      ),
    },
    {
      title: t('rma:columns.warehouseSystem'),
      dataIndex: 'sendStatus',
      width: 130,
      render: (s: RmaRowData['sendStatus'], row) =>
        s === 'NONE' ? (
          <Typography.Text type="secondary">{t('rma:sendStatuses.NONE')}</Typography.Text>
        ) : (
          <Tooltip title={row.wmsMessage ?? row.externalCode}>
            <Tag color={s === 'FAILURE' || row.cancelStatus === 'CANCEL_FAILURE' ? 'error' : s === 'SUCCESS' ? 'processing' : 'default'}>
              {row.cancelStatus !== 'NONE' ? t(`rma:cancelStatuses.${row.cancelStatus}`) : t(`rma:sendStatuses.${s}`)}
            </Tag>
          </Tooltip>
        ),
    },
    { title: t('rma:columns.createdAt'), dataIndex: 'createdAt', width: 150, render: (v: string) => formatDateTime(v) },
    {
      title: t('rma:columns.actions'),
      fixed: 'right',
      width: 200,
      render: (_: unknown, row) =>
        row.statusCode === 'CI_RMA_STATUS_SYNCED' ? (
          row.receivedQtyTotal === 0 &&
          row.cancelStatus !== 'CANCEL_SENDING' && (
            <Popconfirm title={t('rma:actions.confirmCancelInSystem', { code: row.code })} onConfirm={() => cancelInSystem.mutateAsync(row).catch(() => undefined)}>
              <Button type="link" size="small" danger loading={cancelInSystem.isPending && cancelInSystem.variables?.id === row.id}>
                {t('rma:actions.cancelInSystem')}
              </Button>
            </Popconfirm>
          )
        ) : (
          row.statusCode === 'CI_RMA_STATUS_CREATED' && (
          <Space size={0}>
            {row.receivedQtyTotal === 0 && (row.sendStatus === 'REQUEST' || row.sendStatus === 'FAILURE') && (
              <Button type="link" size="small" loading={sendToSystem.isPending && sendToSystem.variables?.id === row.id} onClick={() => void sendToSystem.mutateAsync(row).catch(() => undefined)}>
                {t('rma:actions.sendToSystem')}
              </Button>
            )}
            <Button type="link" size="small" onClick={() => void openReceive(row.id)}>
              {t('rma:actions.receive')}
            </Button>
            {row.receivedQtyTotal === 0 && (
              <Popconfirm title={t('rma:actions.confirmDelete', { code: row.code })} onConfirm={() => remove.mutateAsync(row).catch(() => undefined)}>
                <Button type="link" size="small" danger>
                  {t('rma:actions.delete')}
                </Button>
              </Popconfirm>
            )}
          </Space>
          )
        ),
    },
  ];

  return (
    <>
      <PageTitle title={t('nav:routes.afterSalesManagement')} />
      <Tabs
        activeKey={tab}
        onChange={(key) => setFilter({ tab: key === 'parcels' ? 'parcels' : null })}
        items={[
          {
            key: 'returns',
            label: t('rma:tabs.returns'),
            children: (
              <Card>
                <Space direction="vertical" size="middle" style={{ width: '100%' }}>
                  <Segmented
                    value={status ?? 'ALL'}
                    onChange={(v) => setFilter({ status: v === 'ALL' ? null : String(v) })}
                    options={[{ value: 'ALL', label: t('rma:statuses.ALL') }, ...RMA_STATUSES.map((s) => ({ value: s, label: `${t(`rma:statuses.${s}`)} (${count(s)})` }))]}
                  />
                  <Space wrap>
                    <WarehouseSelect allowClear placeholder={t('rma:scan.warehouse')} value={scanWhId} onChange={(v) => setScanWhId(v)} style={{ width: 180 }} />
                    <Input.Search
                      allowClear
                      style={{ width: 420 }}
                      placeholder={t('rma:scan.placeholder')}
                      enterButton={t('rma:scan.button')}
                      value={scan}
                      onChange={(e) => setScan(e.target.value)}
                      onSearch={(v) => void onScan(v)}
                    />
                    <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
                      {t('rma:actions.create')}
                    </Button>
                    <Button icon={<TagsOutlined />} onClick={() => setReasonsOpen(true)}>
                      {t('rma:actions.reasons')}
                    </Button>
                  </Space>
                  <Table
                    rowKey="id"
                    size="middle"
                    loading={list.isFetching}
                    columns={columns}
                    dataSource={list.data?.voList ?? []}
                    scroll={{ x: 'max-content' }}
                    locale={{ emptyText: <Empty description={status || keyword ? t('rma:empty.filtered') : t('rma:empty.none')} /> }}
                    pagination={tablePagination(currentPage, pageSize, list.data?.total ?? 0, (page, size) => {
                      const merged = new URLSearchParams(params);
                      merged.set('page', String(page));
                      merged.set('size', String(size));
                      setParams(merged);
                    })}
                  />
                </Space>
              </Card>
            ),
          },
          { key: 'parcels', label: t('rma:tabs.parcels'), children: <RmaParcelsTab onLinked={(id) => void openReceive(id)} /> },
        ]}
      />
      <RmaCreateModal
        open={creating}
        prefill={prefill}
        onClose={() => {
          setCreating(false);
          setPrefill(null);
        }}
      />
      <RmaReasonsModal open={reasonsOpen} onClose={() => setReasonsOpen(false)} />
      <RmaReceiveModal rma={receiving} onClose={() => setReceiving(null)} />
    </>
  );
}
