// The 'no information' parcels tab of the return-inbound page: parcels whose scan matched no
// return, after-sale or shipped order, recorded so none is lost; each is linked later to a return
// awaiting entry (found by its code, tracking number or order), and then received through it.
import { useState } from 'react';
import { Button, Card, Empty, Form, Input, Modal, Segmented, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { LinkOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime, RMA_PARCEL_STATES, type RmaParcelState } from '@openseller/core';
import { toast } from '../../../app/toast';
import { tablePagination } from '../../../ui/pagination';
import { WarehouseSelect } from '../../warehouses/components/warehouse-select';
import { rmaApi, type RmaParcelData, type RmaRowData } from './api';
import { rmaKeys, useRmaMutation } from './queries';

export function RmaParcelsTab({ onLinked }: { onLinked: (rmaId: number) => void }) {
  const { t } = useTranslation();
  const [state, setState] = useState<RmaParcelState | 'ALL'>('OPEN');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ currentPage: 1, pageSize: 10 });
  const [recording, setRecording] = useState(false);
  const [linking, setLinking] = useState<RmaParcelData | null>(null);
  const filter = { ...page, stateList: state === 'ALL' ? null : [state], keyword: keyword || null };
  const list = useQuery({ queryKey: rmaKeys.parcels(filter), queryFn: () => rmaApi.parcels(filter), placeholderData: (p) => p });

  const columns: ColumnsType<RmaParcelData> = [
    { title: t('rma:columns.expressNo'), dataIndex: 'expressNo', width: 180 },
    { title: t('rma:parcels.company'), dataIndex: 'expressCompanyCode', width: 120, render: (v: string | null) => v ?? '—' },
    { title: t('rma:columns.warehouse'), dataIndex: 'warehouseName', width: 140, render: (v: string | null) => v ?? '—' },
    { title: t('rma:parcels.state'), dataIndex: 'state', width: 110, render: (s: RmaParcelState) => <Tag color={s === 'OPEN' ? 'warning' : 'success'}>{t(`rma:parcels.states.${s}`)}</Tag> },
    { title: t('rma:parcels.scanned'), width: 200, render: (_: unknown, r) => `${formatDateTime(r.scannedAt)} ${r.scannedByName ?? ''}` },
    { title: t('rma:parcels.remark'), dataIndex: 'remark', width: 200, render: (v: string | null) => v ?? '' },
    {
      title: t('rma:parcels.linkedTo'),
      width: 220,
      render: (_: unknown, r) =>
        r.rmaCode ? (
          <Space direction="vertical" size={0}>
            <Typography.Link onClick={() => onLinked(r.rmaId!)}>{r.rmaCode}</Typography.Link>
            <Typography.Text type="secondary">{`${r.linkedAt ? formatDateTime(r.linkedAt) : ''} ${r.linkedByName ?? ''}`}</Typography.Text>
          </Space>
        ) : (
          '—'
        ),
    },
    {
      title: t('rma:columns.actions'),
      width: 120,
      fixed: 'right',
      render: (_: unknown, r) =>
        r.state === 'OPEN' && (
          <Button type="link" size="small" icon={<LinkOutlined />} onClick={() => setLinking(r)}>
            {t('rma:parcels.link')}
          </Button>
        ),
    },
  ];

  return (
    <Card>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('rma:parcels.hint')}
        </Typography.Paragraph>
        <Space wrap>
          <Segmented
            value={state}
            onChange={(v) => {
              setState(v as RmaParcelState | 'ALL');
              setPage((p) => ({ ...p, currentPage: 1 }));
            }}
            options={[{ value: 'ALL', label: t('rma:statuses.ALL') }, ...RMA_PARCEL_STATES.map((s) => ({ value: s, label: t(`rma:parcels.states.${s}`) }))]}
          />
          <Input.Search
            allowClear
            style={{ width: 280 }}
            placeholder={t('rma:parcels.keyword')}
            onSearch={(v) => {
              setKeyword(v.trim());
              setPage((p) => ({ ...p, currentPage: 1 }));
            }}
          />
          <Button icon={<PlusOutlined />} onClick={() => setRecording(true)}>
            {t('rma:parcels.record')}
          </Button>
        </Space>
        <Table
          rowKey="id"
          size="middle"
          loading={list.isFetching}
          columns={columns}
          dataSource={list.data?.voList ?? []}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={state === 'OPEN' ? t('rma:parcels.emptyOpen') : t('rma:parcels.empty')} /> }}
          pagination={tablePagination(page.currentPage, page.pageSize, list.data?.total ?? 0, (currentPage, pageSize) => setPage({ currentPage, pageSize }))}
        />
      </Space>
      <RecordParcelModal open={recording} onClose={() => setRecording(false)} />
      <LinkParcelModal
        parcel={linking}
        onClose={() => setLinking(null)}
        onLinked={(rmaId) => {
          setLinking(null);
          onLinked(rmaId);
        }}
      />
    </Card>
  );
}

function RecordParcelModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ expressNo: string; expressCompanyCode?: string; whId?: number; remark?: string }>();
  const create = useRmaMutation(rmaApi.createParcel);
  return (
    <Modal
      open={open}
      title={t('rma:parcels.record')}
      okText={t('rma:parcels.recordSubmit')}
      confirmLoading={create.isPending}
      destroyOnHidden
      onCancel={onClose}
      onOk={() =>
        void form
          .validateFields()
          .then((values) => create.mutateAsync(values))
          .then(() => {
            toast.success(t('rma:parcels.recorded'));
            form.resetFields();
            onClose();
          })
          .catch(() => undefined)
      }
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="expressNo" label={t('rma:columns.expressNo')} rules={[{ required: true, whitespace: true, message: t('rma:parcels.expressRequired') }]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="expressCompanyCode" label={t('rma:parcels.company')}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="whId" label={t('rma:columns.warehouse')}>
          <WarehouseSelect style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="remark" label={t('rma:parcels.remark')}>
          <Input.TextArea maxLength={500} rows={3} placeholder={t('rma:parcels.remarkHint')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function LinkParcelModal({ parcel, onClose, onLinked }: { parcel: RmaParcelData | null; onClose: () => void; onLinked: (rmaId: number) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [found, setFound] = useState<RmaRowData[] | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const link = useRmaMutation(rmaApi.linkParcel);

  async function find(value: string) {
    const keyword = value.trim();
    if (!keyword) return;
    const page = await rmaApi.search({ orderKeyWord: keyword, statusCode: 'CI_RMA_STATUS_CREATED', currentPage: 1, pageSize: 20 });
    setFound(page.voList);
    setChosen(page.voList.length === 1 ? page.voList[0]!.id : null);
  }

  const close = () => {
    setText('');
    setFound(null);
    setChosen(null);
    onClose();
  };

  return (
    <Modal
      open={parcel !== null}
      width={720}
      title={t('rma:parcels.linkTitle', { expressNo: parcel?.expressNo ?? '' })}
      okText={t('rma:parcels.linkSubmit')}
      okButtonProps={{ disabled: !chosen }}
      confirmLoading={link.isPending}
      onCancel={close}
      onOk={() =>
        void link
          .mutateAsync({ id: parcel!.id, version: parcel!.version, rmaId: chosen! })
          .then((row) => {
            toast.success(t('rma:parcels.linked', { code: row.rmaCode ?? '' }));
            const rmaId = chosen!;
            close();
            onLinked(rmaId);
          })
          .catch(() => undefined)
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('rma:parcels.linkHint')}</Typography.Text>
        <Input.Search value={text} onChange={(e) => setText(e.target.value)} placeholder={t('rma:parcels.linkSearch')} enterButton={t('common:actions.search')} onSearch={(v) => void find(v).catch(() => undefined)} />
        {found && (
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={found}
            rowSelection={{ type: 'radio', selectedRowKeys: chosen ? [chosen] : [], onChange: (keys) => setChosen(Number(keys[0])) }}
            locale={{ emptyText: <Empty description={t('rma:parcels.linkNone')} /> }}
            columns={[
              { title: t('rma:columns.code'), dataIndex: 'code' },
              { title: t('rma:columns.order'), dataIndex: 'erpSoHCode' },
              { title: t('rma:columns.warehouse'), dataIndex: 'warehouseName' },
              { title: t('rma:columns.buyer'), dataIndex: 'buyerNick' },
              { title: t('rma:columns.expressNo'), dataIndex: 'expressNo' },
            ]}
          />
        )}
      </Space>
    </Modal>
  );
}
