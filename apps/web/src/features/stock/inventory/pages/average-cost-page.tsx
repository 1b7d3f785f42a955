// /stocks/create-adjust, average-cost adjustments (spec 02 §3.6, §4.1, §7.9): the documents with
// their status (SUBMIT to confirm → COMPLETE), create, edit, confirm and delete. Reading and setting
// averages needs the COST_PRICE field (spec 01 §6); without it the list is shown alone.
import { useMemo, useState } from 'react';
import { Alert, Button, Card, DatePicker, Form, Input, Segmented, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { AVERAGE_COST_STATUSES, type AverageCostRow, type AverageCostStatus } from '@openseller/core';
import { useSession } from '../../../../app/session';
import { toast } from '../../../../app/toast';
import { PageTitle } from '../../../../ui/page-title';
import { tablePagination } from '../../../../ui/pagination';
import { DateTime } from '../../../../ui/relative-time';
import { useListState } from '../../../../ui/use-list-state';
import { inventoryApi } from '../api';
import { AVERAGE_COST_STATUS_COLORS, AverageCostDrawer, type AverageCostDrawerMode } from '../components/average-cost-drawer';
import { stockErrorMessage, useAverageCosts, useInventoryMutation, type AverageCostFilter } from '../queries';
import { useShellApi } from '../../../../ui/shell-api';

const DEFAULTS = { currentPage: 1, pageSize: 10, status: '', code: '', skuCode: '', from: '', to: '' };

export default function AverageCostPage() {
  const { t } = useTranslation();
  const { modal } = useShellApi();
  const session = useSession();
  const seesCost = session.fields.includes('COST_PRICE');
  const [state, setState] = useListState(DEFAULTS);
  const [form] = Form.useForm<{ code?: string; skuCode?: string; range?: [Dayjs, Dayjs] | null }>();
  const [drawer, setDrawer] = useState<AverageCostDrawerMode>(null);
  const filter = useMemo<AverageCostFilter>(
    () => ({
      currentPage: state.currentPage,
      pageSize: state.pageSize,
      ...(state.status ? { status: state.status as AverageCostStatus } : {}),
      ...(state.code ? { code: state.code } : {}),
      ...(state.skuCode ? { skuCode: state.skuCode } : {}),
      ...(state.from ? { timeFrom: state.from } : {}),
      ...(state.to ? { timeTo: state.to } : {}),
    }),
    [state],
  );
  const list = useAverageCosts(filter);
  const confirm = useInventoryMutation(inventoryApi.confirmAverageCost);
  const remove = useInventoryMutation(inventoryApi.deleteAverageCost);

  const ask = (row: AverageCostRow, action: 'confirm' | 'delete') =>
    modal.confirm({
      title: t(`stock:averageCost.${action}Ask`, { code: row.code }),
      content: action === 'confirm' ? t('stock:averageCost.confirmExplain', { count: row.skuCount }) : undefined,
      okText: t('common:actions.ok'),
      cancelText: t('common:actions.cancel'),
      okButtonProps: action === 'delete' ? { danger: true } : {},
      onOk: () =>
        (action === 'confirm' ? confirm : remove).mutateAsync({ id: row.id, version: row.version }).then(() => {
          toast.success(t(`stock:averageCost.${action}Done`, { code: row.code }));
        }),
    });

  return (
    <>
      <PageTitle
        title={t('nav:routes.averageCostAdjust')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} disabled={!seesCost} onClick={() => setDrawer({ kind: 'create' })}>
            {t('stock:averageCost.create')}
          </Button>
        }
      />
      {!seesCost && <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('stock:averageCost.needCostField')} />}
      <Card size="small" style={{ marginBottom: 12 }}>
        <Form
          form={form}
          layout="inline"
          style={{ rowGap: 8 }}
          initialValues={{ code: state.code, skuCode: state.skuCode, range: state.from && state.to ? [dayjs(state.from), dayjs(state.to)] : null }}
          onFinish={(v) =>
            setState({
              currentPage: 1,
              code: v.code?.trim() ?? '',
              skuCode: v.skuCode?.trim() ?? '',
              from: v.range ? v.range[0].startOf('day').format('YYYY-MM-DD HH:mm:ss') : '',
              to: v.range ? v.range[1].endOf('day').format('YYYY-MM-DD HH:mm:ss') : '',
            })
          }
        >
          <Form.Item name="code" label={t('stock:averageCost.code')}>
            <Input allowClear style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="skuCode" label={t('stock:fields.skuCode')}>
            <Input allowClear style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="range" label={t('stock:averageCost.createdAt')}>
            <DatePicker.RangePicker />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {t('common:actions.search')}
            </Button>
            <Button
              onClick={() => {
                form.setFieldsValue({ code: '', skuCode: '', range: null });
                setState({ ...DEFAULTS, pageSize: state.pageSize, status: state.status });
              }}
            >
              {t('common:actions.reset')}
            </Button>
          </Space>
        </Form>
      </Card>
      <Segmented
        style={{ marginBottom: 12 }}
        value={state.status || 'ALL'}
        onChange={(v) => setState({ status: v === 'ALL' ? '' : String(v), currentPage: 1 })}
        options={[{ value: 'ALL', label: t('stock:averageCost.all') }, ...AVERAGE_COST_STATUSES.map((s) => ({ value: s, label: t(`stock:averageCost.statuses.${s}`) }))]}
      />
      {list.error && <Alert type="error" showIcon message={stockErrorMessage(list.error)} style={{ marginBottom: 12 }} />}
      <Table<AverageCostRow>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.voList ?? []}
        scroll={{ x: 1100 }}
        locale={{ emptyText: t('stock:averageCost.empty') }}
        pagination={tablePagination(state.currentPage, state.pageSize, list.data?.total ?? 0, (page, size) => setState({ currentPage: size !== state.pageSize ? 1 : page, pageSize: size }))}
        columns={[
          {
            title: t('stock:averageCost.code'),
            dataIndex: 'code',
            width: 200,
            render: (code: string, row) =>
              seesCost ? (
                <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setDrawer({ kind: 'open', id: row.id })}>
                  {code}
                </Button>
              ) : (
                code
              ),
          },
          { title: t('stock:averageCost.status'), dataIndex: 'status', width: 110, render: (s: AverageCostStatus) => <Tag color={AVERAGE_COST_STATUS_COLORS[s]}>{t(`stock:averageCost.statuses.${s}`)}</Tag> },
          { title: t('stock:averageCost.skuCount'), dataIndex: 'skuCount', width: 90, align: 'right' },
          { title: t('stock:averageCost.remark'), dataIndex: 'remark', render: (v: string | null) => v ?? <Typography.Text type="secondary">-</Typography.Text> },
          { title: t('stock:averageCost.createdBy'), dataIndex: 'createdBy', width: 130, render: (v: string | null) => v ?? '-' },
          { title: t('stock:averageCost.createdAt'), dataIndex: 'createdAt', width: 150, render: (v: string) => <DateTime value={v} /> },
          { title: t('stock:averageCost.confirmedAt'), dataIndex: 'confirmedAt', width: 150, render: (v: string | null) => <DateTime value={v} /> },
          ...(seesCost
            ? [
          {
            title: t('common:actions.title'),
            key: 'actions',
            width: 200,
            fixed: 'right' as const,
            render: (_: unknown, row: AverageCostRow) =>
              seesCost ? (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => setDrawer({ kind: 'open', id: row.id })}>
                    {row.status === 'SUBMIT' ? t('common:actions.edit') : t('stock:averageCost.view')}
                  </Button>
                  {row.status === 'SUBMIT' && (
                    <>
                      <Button type="link" size="small" onClick={() => ask(row, 'confirm')}>
                        {t('stock:averageCost.confirm')}
                      </Button>
                      <Button type="link" size="small" danger onClick={() => ask(row, 'delete')}>
                        {t('common:actions.delete')}
                      </Button>
                    </>
                  )}
                </Space>
              ) : null,
          },
              ]
            : []),
        ]}
      />
      <AverageCostDrawer mode={drawer} onClose={() => setDrawer(null)} />
    </>
  );
}
