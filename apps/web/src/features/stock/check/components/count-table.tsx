// Counting by hand: the sheet with the book quantity and an input for the counted quantity.
// Enter (or ↓) saves the line and moves to the next one, ↑ to the previous; at the end of a page
// Enter goes on to the first line of the next page. Emptying an input clears the count.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Input, InputNumber, Segmented, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { STOCK_CHECK_MAX_QTY, type StockCheckDetail, type StockCheckLineFilter, type StockCheckLineRow } from '@openseller/core';
import { tablePagination } from '../../../../ui/pagination';
import { DateTime } from '../../../../ui/relative-time';
import { stockCheckApi } from '../api';
import { useStockCheckLines, useStockCheckMutation } from '../queries';
import { SignedQty } from './check-status-tag';

type InputHandle = { focus: () => void; blur: () => void } | null;

export function CountTable({ check, onImport, onAddFound }: { check: StockCheckDetail; onImport: () => void; onAddFound: () => void }) {
  const { t } = useTranslation();
  const editable = check.status === 'COUNTING';
  const [filter, setFilter] = useState<StockCheckLineFilter>('ALL');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ currentPage: 1, pageSize: 50 });
  const { data, isFetching } = useStockCheckLines({ id: check.id, filter, ...(keyword ? { keyword } : {}), ...page });
  const rows = useMemo(() => data?.voList ?? [], [data]);
  const [drafts, setDrafts] = useState<Map<number, number | null>>(new Map());
  const [saving, setSaving] = useState<Set<number>>(new Set());
  const inputs = useRef<InputHandle[]>([]);
  const focusFirstOnLoad = useRef(false);
  // Enter saves and moves focus, whose blur would save the same line again: one call per line.
  const inFlight = useRef(new Set<number>());
  const count = useStockCheckMutation(stockCheckApi.count);

  // After moving to the next page with Enter, counting goes on at its first line.
  useEffect(() => {
    if (focusFirstOnLoad.current && !isFetching && rows.length) {
      focusFirstOnLoad.current = false;
      inputs.current[0]?.focus();
    }
  }, [rows, isFetching]);

  const save = (row: StockCheckLineRow) => {
    if (!drafts.has(row.id) || inFlight.current.has(row.id)) return;
    const value = drafts.get(row.id) ?? null;
    if (value === row.countedQty) {
      setDrafts((d) => {
        const next = new Map(d);
        next.delete(row.id);
        return next;
      });
      return;
    }
    setSaving((s) => new Set(s).add(row.id));
    inFlight.current.add(row.id);
    count.mutate(
      { id: check.id, lines: [{ skuId: row.skuId, locationId: row.locationId, countedQty: value, version: row.version }] },
      {
        onSuccess: () =>
          setDrafts((d) => {
            const next = new Map(d);
            next.delete(row.id);
            return next;
          }),
        onSettled: () => {
          inFlight.current.delete(row.id);
          setSaving((s) => {
            const next = new Set(s);
            next.delete(row.id);
            return next;
          });
        },
      },
    );
  };

  const move = (index: number, step: 1 | -1) => {
    const target = index + step;
    if (target >= 0 && target < rows.length) inputs.current[target]?.focus();
    else if (step === 1 && data && page.currentPage * page.pageSize < data.total) {
      focusFirstOnLoad.current = true;
      setPage((p) => ({ ...p, currentPage: p.currentPage + 1 }));
    } else inputs.current[index]?.blur();
  };

  const columns: ColumnsType<StockCheckLineRow> = [
    { title: t('stockcheck:fields.location'), dataIndex: 'locationCode', width: 110, render: (v: string | null) => v ?? <Typography.Text type="secondary">{t('stockcheck:lines.noLocation')}</Typography.Text> },
    { title: t('stockcheck:fields.skuCode'), dataIndex: 'skuCode', width: 160, render: (v: string, r) => (r.added ? <Space size={4}>{v}<Tag color="gold">{t('stockcheck:lines.added')}</Tag></Space> : v) },
    {
      title: t('stockcheck:fields.skuName'),
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <span>{r.skuName ?? '-'}</span>
          {r.specifications && <Typography.Text type="secondary">{r.specifications}</Typography.Text>}
        </Space>
      ),
    },
    {
      title: <Tooltip title={t('stockcheck:lines.bookHint')}>{t('stockcheck:fields.bookQty')}</Tooltip>,
      dataIndex: 'bookQty',
      width: 100,
      align: 'right',
    },
    { title: t('stockcheck:fields.allocated'), dataIndex: 'allocated', width: 90, align: 'right' },
    {
      title: t('stockcheck:fields.countedQty'),
      width: 150,
      render: (_, r, index) =>
        editable ? (
          <InputNumber<number>
            ref={(el) => {
              inputs.current[index] = el as InputHandle;
            }}
            aria-label={t('stockcheck:lines.countedOf', { sku: r.skuCode, location: r.locationCode ?? t('stockcheck:lines.noLocation') })}
            min={0}
            max={STOCK_CHECK_MAX_QTY}
            precision={0}
            step={1}
            style={{ width: '100%' }}
            status={drafts.has(r.id) && drafts.get(r.id) !== r.countedQty ? 'warning' : undefined}
            disabled={saving.has(r.id)}
            value={drafts.has(r.id) ? drafts.get(r.id) : r.countedQty}
            placeholder={t('stockcheck:lines.notCounted')}
            onChange={(v) => setDrafts((d) => new Map(d).set(r.id, v ?? null))}
            onBlur={() => save(r)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === 'ArrowDown') {
                e.preventDefault();
                save(r);
                move(index, 1);
              } else if (e.key === 'ArrowUp') {
                e.preventDefault();
                save(r);
                move(index, -1);
              }
            }}
          />
        ) : (
          (r.countedQty ?? <Typography.Text type="secondary">{t('stockcheck:lines.notCounted')}</Typography.Text>)
        ),
    },
    { title: t('stockcheck:fields.difference'), dataIndex: 'difference', width: 90, align: 'right', render: (v: number | null) => <SignedQty value={v} /> },
    ...(check.status === 'CONFIRMED'
      ? [{ title: t('stockcheck:fields.adjustQty'), dataIndex: 'adjustQty', width: 100, align: 'right' as const, render: (v: number | null) => <SignedQty value={v} /> }]
      : []),
    {
      title: t('stockcheck:fields.countedBy'),
      width: 170,
      render: (_, r) =>
        r.countedAt ? (
          <Space direction="vertical" size={0}>
            <span>{r.countedBy ?? '-'}</span>
            <Typography.Text type="secondary">
              <DateTime value={r.countedAt} />
            </Typography.Text>
          </Space>
        ) : (
          '-'
        ),
    },
  ];

  return (
    <>
      <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Segmented<StockCheckLineFilter>
            value={filter}
            onChange={(value) => {
              setFilter(value);
              setPage((p) => ({ ...p, currentPage: 1 }));
            }}
            options={(['ALL', 'UNCOUNTED', 'COUNTED', 'DIFFERENT'] as const).map((f) => ({ value: f, label: t(`stockcheck:lines.filters.${f}`) }))}
          />
          <Input.Search
            allowClear
            placeholder={t('stockcheck:lines.searchPlaceholder')}
            aria-label={t('stockcheck:lines.searchPlaceholder')}
            onSearch={(value) => {
              setKeyword(value.trim());
              setPage((p) => ({ ...p, currentPage: 1 }));
            }}
            style={{ width: 260 }}
          />
        </Space>
        {editable && (
          <Space wrap>
            <Button icon={<PlusOutlined />} onClick={onAddFound}>
              {t('stockcheck:found.button')}
            </Button>
            <Button icon={<UploadOutlined />} onClick={onImport}>
              {t('stockcheck:import.button')}
            </Button>
          </Space>
        )}
      </Space>
      {editable && <Typography.Paragraph type="secondary">{t('stockcheck:lines.keyboardHint')}</Typography.Paragraph>}
      <Table<StockCheckLineRow>
        rowKey="id"
        size="small"
        loading={isFetching && !rows.length}
        dataSource={rows}
        columns={columns}
        scroll={{ x: 1000 }}
        locale={{ emptyText: t('stockcheck:lines.empty') }}
        pagination={tablePagination(page.currentPage, page.pageSize, data?.total ?? 0, (currentPage, pageSize) => {
          setDrafts(new Map());
          setPage({ currentPage: pageSize !== page.pageSize ? 1 : currentPage, pageSize });
        })}
      />
    </>
  );
}
