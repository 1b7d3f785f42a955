// The SKU-lines editor of document forms (purchase orders, purchase returns): the rows of a
// Form.List as a table with the SKU (code, name and spec), a whole-piece quantity input, the
// document's own columns and a remove button. The form owns the lines; this only lays them out.
import type { ReactNode } from 'react';
import { Button, Empty, Form, InputNumber, Space, Table, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { DeleteOutlined } from '@ant-design/icons';

export interface SkuLineShape {
  skuCode: string;
  skuName?: string | null;
  specifications?: string | null;
}

export interface SkuLinesTableProps<L extends SkuLineShape> {
  /** The Form.List's name. */
  name: string;
  /** The lines as the form holds them (Form.useWatch), index-aligned with the list's rows. */
  lines: readonly (L | undefined)[];
  skuTitle: string;
  /** The line's field the SKU cell is bound to (the one the document sends: skuCode or skuId). */
  skuField?: string;
  qty: {
    title: string;
    /** The line's quantity field. */
    field: string;
    /** Label of the input for assistive technology, per line. */
    ariaLabel: (line: L | undefined) => string;
    requiredMessage: string;
    /** Most pieces the line may take (default 10,000,000). */
    max?: (line: L | undefined) => number;
    /** Shown under the input (what the line may take). */
    hint?: (line: L | undefined) => ReactNode;
  };
  /** The document's own columns, after the quantity. */
  extraColumns?: ColumnType<{ name: number; key: number }>[];
  /** Columns between the SKU and the quantity (where the line comes from). */
  sourceColumns?: ColumnType<{ name: number; key: number }>[];
  emptyText: string;
  removeLabel: string;
  onRemoved?: () => void;
  scrollX?: number;
}

export function SkuLinesTable<L extends SkuLineShape>({ name, lines, skuTitle, skuField = 'skuCode', qty, extraColumns = [], sourceColumns = [], emptyText, removeLabel, onRemoved, scrollX = 800 }: SkuLinesTableProps<L>) {
  return (
    <Form.List name={name}>
      {(fields, { remove }) => (
        <Table
          rowKey="key"
          size="small"
          // An imported file may bring 5,000 lines: pages of 100 keep the form responsive.
          pagination={fields.length > 100 ? { pageSize: 100, showSizeChanger: false, hideOnSinglePage: true } : false}
          dataSource={fields}
          scroll={{ x: scrollX }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
          columns={[
            {
              title: skuTitle,
              key: 'sku',
              width: 240,
              render: (_, field) => {
                const line = lines[field.name];
                return (
                  <Form.Item name={[field.name, skuField]} noStyle>
                    <Space direction="vertical" size={0}>
                      <Typography.Text strong>{line?.skuCode}</Typography.Text>
                      <Typography.Text type="secondary">{[line?.skuName, line?.specifications].filter(Boolean).join(' · ')}</Typography.Text>
                    </Space>
                  </Form.Item>
                );
              },
            },
            ...sourceColumns,
            {
              title: qty.title,
              key: 'qty',
              width: 150,
              render: (_, field) => {
                const line = lines[field.name];
                const max = qty.max?.(line) ?? 10_000_000;
                return (
                  <>
                    <Form.Item name={[field.name, qty.field]} style={{ margin: 0 }} rules={[{ required: true, message: qty.requiredMessage }, { type: 'integer', min: 1, max, message: qty.requiredMessage }]}>
                      <InputNumber aria-label={qty.ariaLabel(line)} min={1} max={max} precision={0} style={{ width: 120 }} />
                    </Form.Item>
                    {qty.hint && <Typography.Text type="secondary">{qty.hint(line)}</Typography.Text>}
                  </>
                );
              },
            },
            ...extraColumns,
            {
              title: '',
              key: 'remove',
              width: 50,
              render: (_, field) => (
                <Button
                  type="text"
                  danger
                  aria-label={removeLabel}
                  icon={<DeleteOutlined />}
                  onClick={() => {
                    remove(field.name);
                    onRemoved?.();
                  }}
                />
              ),
            },
          ]}
        />
      )}
    </Form.List>
  );
}
