// Third-party warehouse express setup (/config/whExpressManagement): which carriers, and with
// which waybill account, each WMS / Qimen / other third-party warehouse ships; one may be the default.
import { useState } from 'react';
import { Button, Card, Checkbox, Empty, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { expressCompanyName, WaybillAccountCalls, type Language, type WhExpressWarehouseRow } from '@openseller/core';
import { callApi } from '../../../app/request';
import { toast } from '../../../app/toast';
import { PageTitle } from '../../../ui/page-title';
import { ExpressCompanySelect } from '../../express/components/express-company-select';
import { freightApi } from '../api';
import { useFreightMutation, useWhExpress } from '../queries';

type Entry = WhExpressWarehouseRow['entries'][number];

function EditModal({ warehouse, onClose }: { warehouse: WhExpressWarehouseRow; onClose: () => void }) {
  const { t } = useTranslation();
  const [entries, setEntries] = useState<Entry[]>(warehouse.entries);
  const accounts = useQuery({ queryKey: ['freight', 'waybill-accounts'], queryFn: () => callApi(WaybillAccountCalls.list, { pageSize: 100 }, { quiet: true }) });
  const save = useFreightMutation(() => freightApi.saveWhExpress({ warehouseId: warehouse.warehouseId, entries: entries.map((e) => ({ expressCompanyCode: e.expressCompanyCode, waybillAccountId: e.waybillAccountId, isDefault: e.isDefault })) }));
  const patch = (i: number, p: Partial<Entry>) => setEntries(entries.map((e, j) => (j === i ? { ...e, ...p } : p.isDefault ? { ...e, isDefault: false } : e)));
  const accountRows = accounts.data?.voList ?? [];
  return (
    <Modal open width={720} title={t('freight:wh.editTitle', { name: warehouse.warehouseName })} onCancel={onClose} confirmLoading={save.isPending} okText={t('freight:form.save')} onOk={() => save.mutate(undefined, { onSuccess: () => { toast.success(t('freight:wh.saved')); onClose(); } })}>
      {entries.map((e, i) => (
        <Space key={i} style={{ marginBottom: 8 }} wrap>
          <ExpressCompanySelect aria-label={t('freight:fields.carrier')} valueField="code" value={e.expressCompanyCode || null} onChange={(v) => patch(i, { expressCompanyCode: (v as string) ?? '', waybillAccountId: null })} style={{ width: 180 }} />
          <Select aria-label={t('freight:wh.account')} allowClear placeholder={t('freight:wh.account')} style={{ width: 220 }} value={e.waybillAccountId ?? undefined} onChange={(v) => patch(i, { waybillAccountId: v ?? null })} options={accountRows.filter((a) => a.expressCompanyCode === e.expressCompanyCode).map((a) => ({ value: a.id, label: a.name }))} />
          <Checkbox checked={e.isDefault} onChange={(ev) => patch(i, { isDefault: ev.target.checked })}>
            {t('freight:wh.default')}
          </Checkbox>
          <Button type="text" danger aria-label={t('freight:delete')} icon={<DeleteOutlined />} onClick={() => setEntries(entries.filter((_, j) => j !== i))} />
        </Space>
      ))}
      <div>
        <Button icon={<PlusOutlined />} onClick={() => setEntries([...entries, { expressCompanyCode: '', waybillAccountId: null, waybillAccountName: null, isDefault: !entries.length }])}>
          {t('freight:wh.addCarrier')}
        </Button>
      </div>
    </Modal>
  );
}

export default function WhExpressPage() {
  const { t, i18n } = useTranslation();
  const list = useWhExpress();
  const [editing, setEditing] = useState<WhExpressWarehouseRow | null>(null);
  return (
    <Card>
      <PageTitle title={t('freight:wh.title')} />
      <Typography.Paragraph type="secondary">{t('freight:wh.hint')}</Typography.Paragraph>
      <Table<WhExpressWarehouseRow>
        rowKey="warehouseId"
        loading={list.isFetching}
        dataSource={list.data ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description={t('freight:wh.empty')} /> }}
        columns={[
          { title: t('freight:wh.warehouse'), key: 'w', render: (_, w) => `${w.warehouseName} (${w.warehouseCode})` },
          { title: t('freight:wh.type'), dataIndex: 'warehouseType', render: (v: string, w) => <Space><Tag>{v}</Tag>{w.stopUsing && <Tag color="default">{t('freight:wh.stopped')}</Tag>}</Space> },
          {
            title: t('freight:wh.carriers'),
            key: 'entries',
            render: (_, w) =>
              w.entries.length ? w.entries.map((e) => <Tag key={e.expressCompanyCode} color={e.isDefault ? 'blue' : undefined}>{expressCompanyName(e.expressCompanyCode, i18n.language as Language)}{e.waybillAccountName ? ` · ${e.waybillAccountName}` : ''}</Tag>) : <Typography.Text type="secondary">{t('freight:wh.none')}</Typography.Text>,
          },
          { title: t('freight:actions'), key: 'a', render: (_, w) => <Button type="link" size="small" onClick={() => setEditing(w)}>{t('freight:edit')}</Button> },
        ]}
      />
      {editing && <EditModal warehouse={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}
