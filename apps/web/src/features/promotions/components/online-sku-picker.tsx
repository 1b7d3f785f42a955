// Picks online SKUs (listings of the domain's stores) for a rule on online goods.
import { useEffect, useState } from 'react';
import { Input, Modal, Select, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PromotionSkuOption } from '@openseller/core';
import { useOnlineSkuOptions, usePromotionStores } from '../queries';

export function OnlineSkuPicker({ open, onClose, onConfirm }: { open: boolean; onClose: () => void; onConfirm: (items: PromotionSkuOption[]) => void }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [storeId, setStoreId] = useState<number | undefined>();
  const [chosen, setChosen] = useState<Map<number, PromotionSkuOption>>(new Map());
  const stores = usePromotionStores();
  const { data, isFetching } = useOnlineSkuOptions({ limit: 100, ...(keyword ? { keyword } : {}), ...(storeId ? { storeId } : {}) }, open);

  useEffect(() => {
    if (open) {
      setKeyword('');
      setChosen(new Map());
    }
  }, [open]);

  return (
    <Modal
      open={open}
      title={t('promotions:onlinePicker.title')}
      width={900}
      onCancel={onClose}
      okText={t('common:actions.ok')}
      cancelText={t('common:actions.cancel')}
      onOk={() => {
        if (chosen.size) onConfirm([...chosen.values()]);
        onClose();
      }}
      destroyOnHidden
      maskClosable={false}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space wrap>
          <Select
            allowClear
            style={{ width: 220 }}
            placeholder={t('promotions:onlinePicker.store')}
            aria-label={t('promotions:onlinePicker.store')}
            value={storeId}
            onChange={setStoreId}
            options={(stores.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          />
          <Input.Search
            allowClear
            style={{ width: 320 }}
            placeholder={t('promotions:onlinePicker.search')}
            aria-label={t('promotions:onlinePicker.search')}
            onSearch={(v) => setKeyword(v.trim())}
          />
        </Space>
        <Table<PromotionSkuOption>
          rowKey="id"
          size="small"
          loading={isFetching}
          dataSource={data ?? []}
          pagination={false}
          scroll={{ y: 400 }}
          rowSelection={{
            selectedRowKeys: [...chosen.keys()],
            onChange: (_keys, rows) => setChosen(new Map(rows.filter(Boolean).map((r) => [r.id, r]))),
          }}
          columns={[
            {
              title: t('promotions:goods.online'),
              render: (_, r) => (
                <Space direction="vertical" size={0}>
                  <span>{r.skuName}</span>
                  {r.skuSpecifications && <Typography.Text type="secondary">{r.skuSpecifications}</Typography.Text>}
                </Space>
              ),
            },
            { title: t('promotions:goods.tbSkuId'), dataIndex: 'tbSkuId', width: 170 },
            { title: t('promotions:goods.store'), dataIndex: 'storeName', width: 160 },
            { title: t('promotions:goods.code'), dataIndex: 'skuCode', width: 140, render: (v: string | null) => v ?? '-' },
          ]}
        />
      </Space>
    </Modal>
  );
}
