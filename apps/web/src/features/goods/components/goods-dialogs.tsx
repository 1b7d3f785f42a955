// The smaller goods dialogs: shelf-life (product date) records of a SKU, marks and labels of many
// goods, moving goods to a class, and adding a SKU to goods.
import { useState } from 'react';
import { Alert, Button, Col, DatePicker, Empty, Form, Input, InputNumber, Modal, Popconfirm, Radio, Row, Select, Space, Table, TreeSelect, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { SpuRow } from '@openseller/core';
import { ApiError, errorMessage } from '../../../app/request';
import { toast } from '../../../app/toast';
import { goodsApi } from '../api';
import { useClassTree, useGoodsMutation, useProductDates } from '../queries';
import { classOptions } from './class-tree';
import { applyGoodsFieldErrors, codeRules, decimalOrNull, priceRule, stripSpaces, weightRule } from './goods-form-rules';

// ---- shelf-life records -------------------------------------------------------------------

export interface ShelfLifeTarget {
  skuId: number;
  code: string;
  name: string;
}

export function ShelfLifeModal({ target, onClose }: { target: ShelfLifeTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, isPending, error } = useProductDates(target?.skuId ?? null);
  const [selected, setSelected] = useState<number[]>([]);
  const [form] = Form.useForm<{ productDate: Dayjs; qty: number }>();
  const [problem, setProblem] = useState<string | null>(null);
  const add = useGoodsMutation((values: { productDate: Dayjs; qty: number }) =>
    goodsApi.addProductDates(target!.skuId, [{ productDate: values.productDate.format('YYYY-MM-DD'), qty: values.qty }]),
  );
  const clear = useGoodsMutation((ids: number[]) => goodsApi.deleteProductDates(target!.skuId, ids));
  const close = () => {
    setSelected([]);
    setProblem(null);
    form.resetFields();
    onClose();
  };
  return (
    <Modal
      open={!!target}
      title={target ? t('goods:shelfLife.title', { code: target.code }) : ''}
      onCancel={close}
      footer={<Button onClick={close}>{t('goods:shelfLife.close')}</Button>}
      width={640}
      destroyOnHidden
    >
      {target && (
        <Typography.Paragraph type="secondary">
          {target.name} · {target.code}
        </Typography.Paragraph>
      )}
      <Form
        form={form}
        layout="inline"
        style={{ marginBottom: 12 }}
        onFinish={(values) => {
          setProblem(null);
          add.mutate(values, {
            onSuccess: () => {
              form.resetFields();
              toast.success(t('goods:shelfLife.added'));
            },
            onError: (e) => setProblem(e instanceof ApiError ? errorMessage(e) : String(e)),
          });
        }}
      >
        <Form.Item name="productDate" label={t('goods:shelfLife.productDate')} rules={[{ required: true, message: t('common:validation.required') }]}>
          <DatePicker />
        </Form.Item>
        <Form.Item name="qty" label={t('goods:shelfLife.qty')} rules={[{ required: true, message: t('goods:validation.qty') }]}>
          <InputNumber min={1} max={9999999} precision={0} />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={add.isPending}>
          {t('goods:shelfLife.add')}
        </Button>
      </Form>
      {(problem || error) && <Alert type="error" showIcon message={problem ?? errorMessage(error as ApiError)} style={{ marginBottom: 12 }} />}
      <Table
        size="small"
        rowKey="id"
        loading={isPending}
        dataSource={data?.productDate ?? []}
        pagination={false}
        scroll={{ y: 300 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('goods:shelfLife.empty')} /> }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
        columns={[
          { title: t('goods:shelfLife.productDate'), dataIndex: 'productDate' },
          { title: t('goods:shelfLife.qty'), dataIndex: 'qty', align: 'right' },
        ]}
      />
      <Popconfirm
        title={t('goods:shelfLife.confirmClear')}
        disabled={!selected.length}
        okText={t('common:actions.ok')}
        cancelText={t('common:actions.cancel')}
        onConfirm={() =>
          clear.mutate(selected, {
            onSuccess: () => {
              toast.success(t('goods:shelfLife.cleared', { count: selected.length }));
              setSelected([]);
            },
          })
        }
      >
        <Button danger disabled={!selected.length} style={{ marginTop: 12 }} loading={clear.isPending}>
          {t('goods:shelfLife.clearSelected', { count: selected.length })}
        </Button>
      </Popconfirm>
    </Modal>
  );
}

// ---- marks and labels ---------------------------------------------------------------------

export function MarkModal({ kind, ids, onClose }: { kind: 'MARK' | 'LABEL' | null; ids: number[]; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ mode: 'ADD' | 'REMOVE' | 'REPLACE'; values: string[] }>();
  const save = useGoodsMutation((v: { mode: 'ADD' | 'REMOVE' | 'REPLACE'; values: string[] }) => goodsApi.mark({ idList: ids, kind: kind!, ...v }));
  return (
    <Modal
      open={kind !== null}
      title={kind === 'LABEL' ? t('goods:marks.labelTitle', { count: ids.length }) : t('goods:marks.markTitle', { count: ids.length })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ mode: 'ADD', values: [] }}
        onFinish={(v) =>
          save.mutate(v, {
            onSuccess: (r) => {
              toast.success(t('goods:marks.done', { count: r.updated }));
              onClose();
            },
          })
        }
      >
        <Form.Item name="mode" label={t('goods:marks.mode')}>
          <Radio.Group
            options={[
              { value: 'ADD', label: t('goods:marks.add') },
              { value: 'REMOVE', label: t('goods:marks.remove') },
              { value: 'REPLACE', label: t('goods:marks.replace') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="values"
          label={kind === 'LABEL' ? t('goods:fields.labels') : t('goods:fields.skuMarks')}
          rules={[({ getFieldValue }) => ({ validator: (_r, v: string[]) => (getFieldValue('mode') === 'REPLACE' || v?.length ? Promise.resolve() : Promise.reject(new Error(t('goods:marks.needValue')))) })]}
        >
          <Select mode="tags" tokenSeparators={[',', '，', ';', '；']} open={false} suffixIcon={null} placeholder={t('goods:form.tagsPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

// ---- moving goods to a class --------------------------------------------------------------

export function MoveToClassModal({ ids, open, onClose }: { ids: number[]; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const classes = useClassTree();
  const [target, setTarget] = useState<number | null>(null);
  const move = useGoodsMutation(() => goodsApi.moveToClass({ id: target, idList: ids }));
  return (
    <Modal
      open={open}
      title={t('goods:move.title', { count: ids.length })}
      onCancel={onClose}
      onOk={() =>
        move.mutate(undefined, {
          onSuccess: (r) => {
            toast.success(t('goods:move.done', { count: r.moved }));
            setTarget(null);
            onClose();
          },
        })
      }
      okText={t('common:actions.ok')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={move.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('goods:move.hint')}</Typography.Paragraph>
      <TreeSelect
        style={{ width: '100%' }}
        allowClear
        treeDefaultExpandAll
        value={target ?? undefined}
        onChange={(v) => setTarget((v as number | undefined) ?? null)}
        placeholder={t('goods:classes.unclassified')}
        treeData={classOptions(classes.data?.nodes ?? [])}
        aria-label={t('goods:fields.class')}
      />
    </Modal>
  );
}

// ---- adding a SKU to goods ----------------------------------------------------------------

interface AddSkuValues {
  code: string;
  specifications?: string;
  color?: string;
  size?: string;
  barCode?: string;
  price?: string;
  weight?: string;
}

export function AddSkuModal({ spu, onClose }: { spu: SpuRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AddSkuValues>();
  const [problem, setProblem] = useState<string | null>(null);
  const add = useGoodsMutation((v: AddSkuValues) =>
    goodsApi.addOneSku({
      spuId: spu!.id,
      version: spu!.version,
      sku: {
        code: v.code,
        specifications: v.specifications?.trim() || null,
        color: v.color?.trim() || null,
        size: v.size?.trim() || null,
        barCode: v.barCode?.trim() || null,
        price: decimalOrNull(v.price),
        weight: decimalOrNull(v.weight),
      },
    }),
  );
  return (
    <Modal
      open={!!spu}
      title={spu ? t('goods:addSku.title', { code: spu.code }) : ''}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={add.isPending}
      destroyOnHidden
      afterOpenChange={() => setProblem(null)}
    >
      {spu && !spu.hasSku && <Alert type="info" showIcon message={t('goods:addSku.becomesVariants', { code: spu.code })} style={{ marginBottom: 12 }} />}
      {problem && <Alert type="error" showIcon message={problem} style={{ marginBottom: 12 }} role="alert" />}
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={(v) =>
          add.mutate(v, {
            onSuccess: () => {
              toast.success(t('goods:addSku.done', { code: v.code }));
              onClose();
            },
            onError: (e) => {
              if (e instanceof ApiError) {
                const mapped = new ApiError(e.code, e.message, e.status, { ...e.params, ...(typeof e.params.field === 'string' ? { field: e.params.field.replace(/^sku\./, '') } : {}) }, e.fields.map((f) => ({ ...f, field: f.field.replace(/^sku\./, '') })));
                if (!applyGoodsFieldErrors(form, mapped)) setProblem(errorMessage(e));
              }
            },
          })
        }
      >
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="code" label={t('goods:fields.skuCode')} rules={codeRules()} getValueFromEvent={stripSpaces}>
              <Input autoFocus />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="specifications" label={t('goods:fields.specifications')} rules={[{ max: 200 }]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="color" label={t('goods:fields.color')} rules={[{ max: 50 }]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="size" label={t('goods:fields.size')} rules={[{ max: 50 }]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="barCode" label={t('goods:fields.barCode')} rules={[{ max: 64 }]} getValueFromEvent={stripSpaces}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="price" label={t('goods:fields.price')} rules={[priceRule()]} style={{ flex: 1, marginRight: 8 }}>
                <Input inputMode="decimal" />
              </Form.Item>
              <Form.Item name="weight" label={t('goods:fields.weightKg')} rules={[weightRule()]} style={{ flex: 1 }}>
                <Input inputMode="decimal" />
              </Form.Item>
            </Space.Compact>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
