// The SKU picker other areas reuse (promotions, online-goods mapping, orders, stock): a modal that
// searches SKUs by code, name, specifications or bar code and answers the chosen ones.
//
//   <SkuPicker open={open} onClose={() => setOpen(false)} onConfirm={(skus) => …} />
//
// Each chosen SKU carries id, code, name, specifications, price and isCombination (SkuPick).
// The cost price is present only when the account may see it.
import { useEffect, useMemo, useState } from 'react';
import { Alert, Input, Modal, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney, type SkuPick } from '@openseller/core';
import { Thumbnail } from '../../../ui/picture-upload';
import { tablePagination } from '../../../ui/pagination';
import { SkuNameCell } from '../../../ui/sku-attributes';
import { useSkuSearch } from '../queries';

export type { SkuPick } from '@openseller/core';

export interface SkuPickerProps {
  open: boolean;
  onClose: () => void;
  /** The chosen SKUs (at least one). The picker closes itself after calling this. */
  onConfirm: (skus: SkuPick[]) => void;
  /** Allow choosing several SKUs (default true). */
  multiple?: boolean;
  /** The dialog title; 'Choose goods' by default. */
  title?: string;
  /** SKUs that cannot be chosen (already in the list, or the combination being edited). */
  excludeSkuIds?: number[];
  /** Only combinations (true) or only plain SKUs (false); both when undefined. */
  isCombination?: boolean;
  /** SKUs shown as already chosen when the picker opens. */
  initialSelected?: SkuPick[];
}

export function SkuPicker({ open, onClose, onConfirm, multiple = true, title, excludeSkuIds, isCombination, initialSelected }: SkuPickerProps) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ currentPage: 1, pageSize: 10 });
  const [chosen, setChosen] = useState<Map<number, SkuPick>>(new Map());

  useEffect(() => {
    if (open) {
      setKeyword('');
      setPage({ currentPage: 1, pageSize: 10 });
      setChosen(new Map((initialSelected ?? []).map((s) => [s.id, s])));
    }
    // Only when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const filter = useMemo(
    () => ({
      ...page,
      ...(keyword ? { keyword } : {}),
      ...(isCombination !== undefined ? { isCombination } : {}),
      ...(excludeSkuIds?.length ? { excludeSkuIds } : {}),
    }),
    [page, keyword, isCombination, excludeSkuIds],
  );
  const { data, isFetching, error } = useSkuSearch(filter, open);

  const confirm = () => {
    const list = [...chosen.values()];
    if (!list.length) return onClose();
    onConfirm(list);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={title ?? t('goods:picker.title')}
      onCancel={onClose}
      onOk={confirm}
      okText={chosen.size ? t('goods:picker.confirmCount', { count: chosen.size }) : t('common:actions.ok')}
      cancelText={t('common:actions.cancel')}
      width={900}
      maskClosable={false}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Input.Search
          allowClear
          autoFocus
          placeholder={t('goods:picker.searchPlaceholder')}
          aria-label={t('goods:picker.searchPlaceholder')}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPage((p) => ({ ...p, currentPage: 1 }));
          }}
        />
        {error && <Alert type="error" showIcon message={(error as Error).message} />}
        <Table<SkuPick>
          rowKey="id"
          size="small"
          loading={isFetching}
          dataSource={data?.voList ?? []}
          scroll={{ y: 400 }}
          locale={{ emptyText: t('goods:picker.empty') }}
          onRow={(sku) => ({
            onDoubleClick: () => {
              if (!multiple) {
                onConfirm([sku]);
                onClose();
              }
            },
          })}
          rowSelection={{
            type: multiple ? 'checkbox' : 'radio',
            preserveSelectedRowKeys: true,
            selectedRowKeys: [...chosen.keys()],
            onChange: (_keys, rows) => {
              setChosen((prev) => {
                const next = multiple ? new Map(prev) : new Map<number, SkuPick>();
                const onPage = new Set((data?.voList ?? []).map((r) => r.id));
                // Rows of this page not in the selection were unticked.
                if (multiple) for (const id of onPage) if (!rows.some((r) => r?.id === id)) next.delete(id);
                for (const r of rows) if (r) next.set(r.id, r);
                return next;
              });
            },
          }}
          pagination={tablePagination(page.currentPage, page.pageSize, data?.total ?? 0, (currentPage, pageSize) =>
            setPage({ currentPage: pageSize !== page.pageSize ? 1 : currentPage, pageSize }),
          )}
          columns={[
            { title: t('goods:fields.picUrl'), dataIndex: 'picUrl', width: 60, render: (url: string | null, r) => <Thumbnail url={url} alt={r.name} /> },
            { title: t('goods:fields.skuCode'), dataIndex: 'code', width: 160 },
            {
              title: t('goods:fields.nameSpec'),
              render: (_, r) => (
                <SkuNameCell name={r.name} sku={r}>
                  {r.isCombination && (
                    <Tag color="purple" style={{ marginInlineStart: 6 }}>
                      {t('goods:list.combination')}
                    </Tag>
                  )}
                </SkuNameCell>
              ),
            },
            { title: t('goods:fields.barCode'), dataIndex: 'barCode', width: 140, render: (v: string | null) => v ?? '-' },
            { title: t('goods:fields.price'), dataIndex: 'price', width: 110, align: 'right', render: (v: string | null) => (v ? formatMoney(v) : '-') },
          ]}
        />
      </Space>
    </Modal>
  );
}
