// Create or edit goods (spec 02 §3.1): every field of the goods, the SKU table of goods with
// variants, or the components of a combination (picked SKUs with quantity and apportioned cost).
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Col, Collapse, Divider, Drawer, Form, Input, InputNumber, Radio, Row, Select, Space, Spin, Switch, Table, Tag, TreeSelect, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { goodsVolume, repeatedCodes, type SkuPick, type SpuCreateInputRaw, type SpuRow } from '@openseller/core';
import { ApiError, errorMessage } from '../../../app/request';
import { useSession } from '../../../app/session';
import { toast } from '../../../app/toast';
import { PictureField } from '../../../ui/picture-upload';
import { useUnsavedChanges } from '../../../ui/unsaved-changes';
import { goodsApi } from '../api';
import { useClassTree, useGoodsMutation, useSpu } from '../queries';
import { classOptions } from './class-tree';
import { applyGoodsFieldErrors, codeRules, decimalOrNull, priceRule, sizeRule, stripSpaces, weightRule } from './goods-form-rules';
import { SkuPicker } from './sku-picker';
import { SkuMatrixBuilder, type MatrixSkuRow } from './sku-matrix-builder';

export type GoodsFormMode = { kind: 'create'; isCombination: boolean } | { kind: 'edit'; id: number } | null;

interface SkuFormRow {
  id?: number;
  code: string;
  specifications?: string;
  color?: string;
  size?: string;
  barCode?: string;
  price?: string;
  costPrice?: string;
  weight?: string;
  status?: 'onsale' | 'instock';
}

interface ComponentFormRow {
  skuId: number;
  code: string;
  name: string;
  specifications: string | null;
  isCombination: boolean;
  qty: number;
  apportionCostPrice?: string;
}

interface GoodsFormValues {
  code: string;
  name: string;
  shortName?: string;
  goodsNo?: string;
  barCode?: string;
  brand?: string;
  category?: string;
  unit?: string;
  color?: string;
  size?: string;
  specifications?: string;
  season?: string;
  lotInfo?: string;
  shelfLife?: number | null;
  packageInfo?: string;
  price?: string;
  costPrice?: string;
  length?: string;
  width?: string;
  height?: string;
  weight?: string;
  udf1?: string;
  udf2?: string;
  remark?: string;
  picUrl?: string | null;
  labels: string[];
  skuMarks: string[];
  skuSysClassifyId?: number | null;
  status: 'onsale' | 'instock';
  hasSku: boolean;
  skus: SkuFormRow[];
  components: ComponentFormRow[];
}

const text = (v: string | undefined | null) => (v && v.trim() ? v.trim() : null);
const str = (v: string | null | undefined) => v ?? undefined;

function valuesOf(spu: SpuRow): GoodsFormValues {
  return {
    code: spu.code,
    name: spu.name,
    shortName: str(spu.shortName),
    goodsNo: str(spu.goodsNo),
    barCode: str(spu.barCode),
    brand: str(spu.brand),
    category: str(spu.category),
    unit: str(spu.unit),
    color: str(spu.color),
    size: str(spu.size),
    specifications: str(spu.specifications),
    season: str(spu.season),
    lotInfo: str(spu.lotInfo),
    shelfLife: spu.shelfLife,
    packageInfo: str(spu.packageInfo),
    price: str(spu.price),
    costPrice: str(spu.costPrice),
    length: str(spu.length),
    width: str(spu.width),
    height: str(spu.height),
    weight: str(spu.weight),
    udf1: str(spu.udf1),
    udf2: str(spu.udf2),
    remark: str(spu.remark),
    picUrl: spu.picUrl,
    labels: spu.labels,
    skuMarks: spu.skuMarks,
    skuSysClassifyId: spu.skuSysClassifyId,
    status: spu.status,
    hasSku: spu.hasSku,
    skus: spu.hasSku
      ? spu.skus.map((s) => ({
          id: s.id,
          code: s.code,
          specifications: str(s.specifications),
          color: str(s.color),
          size: str(s.size),
          barCode: str(s.barCode),
          price: str(s.price),
          // A value taken from the goods stays empty here, so it keeps following the goods.
          costPrice: s.costPriceFromGoods ? undefined : str(s.costPrice),
          weight: s.weightFromGoods ? undefined : str(s.weight),
          status: s.status,
        }))
      : [],
    components: spu.components.map((c) => ({
      skuId: c.skuId,
      code: c.code,
      name: c.name,
      specifications: c.specifications,
      isCombination: c.isCombination,
      qty: c.qty,
      apportionCostPrice: str(c.apportionCostPrice),
    })),
  };
}

function payloadOf(v: GoodsFormValues, isCombination: boolean, seesCost: boolean): SpuCreateInputRaw {
  const hasSku = !isCombination && v.hasSku;
  return {
    code: v.code,
    name: v.name.trim(),
    shortName: text(v.shortName),
    goodsNo: text(v.goodsNo),
    barCode: text(v.barCode),
    brand: text(v.brand),
    category: text(v.category),
    unit: text(v.unit),
    color: text(v.color),
    size: text(v.size),
    specifications: text(v.specifications),
    season: text(v.season),
    lotInfo: text(v.lotInfo),
    shelfLife: v.shelfLife ?? null,
    packageInfo: text(v.packageInfo),
    price: decimalOrNull(v.price),
    ...(seesCost ? { costPrice: decimalOrNull(v.costPrice) } : {}),
    length: decimalOrNull(v.length),
    width: decimalOrNull(v.width),
    height: decimalOrNull(v.height),
    weight: decimalOrNull(v.weight),
    udf1: text(v.udf1),
    udf2: text(v.udf2),
    remark: text(v.remark),
    picUrl: v.picUrl ?? null,
    labels: v.labels ?? [],
    skuMarks: v.skuMarks ?? [],
    skuSysClassifyId: v.skuSysClassifyId ?? null,
    status: v.status,
    hasSku,
    isCombination,
    skus: hasSku
      ? (v.skus ?? []).map((s) => ({
          ...(s.id ? { id: s.id } : {}),
          code: s.code,
          specifications: text(s.specifications),
          color: text(s.color),
          size: text(s.size),
          barCode: text(s.barCode),
          price: decimalOrNull(s.price),
          ...(seesCost ? { costPrice: decimalOrNull(s.costPrice) } : {}),
          weight: decimalOrNull(s.weight),
          status: s.status ?? 'onsale',
        }))
      : [],
    components: isCombination
      ? (v.components ?? []).map((c) => ({ id: c.skuId, qty: c.qty, ...(seesCost ? { apportionCostPrice: decimalOrNull(c.apportionCostPrice) } : {}) }))
      : [],
  };
}

const EMPTY: GoodsFormValues = { code: '', name: '', labels: [], skuMarks: [], status: 'onsale', hasSku: false, skus: [], components: [] };

export function GoodsFormDrawer({ mode, onClose }: { mode: GoodsFormMode; onClose: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const seesCost = session.fields.includes('COST_PRICE');
  const [form] = Form.useForm<GoodsFormValues>();
  const editId = mode?.kind === 'edit' ? mode.id : null;
  const existing = useSpu(editId);
  const classes = useClassTree();
  const [problem, setProblem] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  // Changed by the user since the goods were loaded (loading uses setFieldsValue, which is not a change).
  const [changed, setChanged] = useState(false);
  useUnsavedChanges(mode !== null && changed);
  const isCombination = mode?.kind === 'create' ? mode.isCombination : (existing.data?.isCombination ?? false);
  const hasSku = Form.useWatch('hasSku', form);
  const [length, width, height] = [Form.useWatch('length', form), Form.useWatch('width', form), Form.useWatch('height', form)];
  // A SKU left without cost price or weight takes these (shown as the placeholder of its cell).
  const [goodsCost, goodsWeight] = [Form.useWatch('costPrice', form) as string | undefined, Form.useWatch('weight', form) as string | undefined];
  // The component rows carry values no field shows (SKU id, code, name): watch them all.
  const components = Form.useWatch('components', { form, preserve: true }) as ComponentFormRow[] | undefined;

  useEffect(() => {
    setProblem(null);
    setChanged(false);
    if (!mode) return;
    // A fresh form each time: values of the goods edited before must not carry over.
    form.resetFields();
    if (mode.kind === 'create') form.setFieldsValue({ ...EMPTY });
    else if (existing.data) form.setFieldsValue(valuesOf(existing.data));
  }, [mode, existing.data, form]);

  const volume = useMemo(() => {
    try {
      return goodsVolume(length, width, height);
    } catch {
      return null;
    }
  }, [length, width, height]);

  // The SKU table's rows and the goods code, for the variant matrix.
  const skuRows = Form.useWatch('skus', { form, preserve: true }) as SkuFormRow[] | undefined;
  const spuCode = Form.useWatch('code', form) as string | undefined;
  const [checking, setChecking] = useState(false);

  /**
   * Before saving goods with variants: SKU codes typed twice, or already used by other goods, are
   * refused here, every one named (the server refuses them too, but one at a time).
   */
  const skuCodesClash = async (values: GoodsFormValues): Promise<boolean> => {
    if (isCombination || !values.hasSku || !values.skus?.length) return false;
    const codes = values.skus.map((s) => s.code).filter(Boolean);
    const twice = repeatedCodes(codes);
    if (twice.length) {
      setProblem(t('goods:matrix.repeated', { codes: twice.join(', '), count: twice.length }));
      return true;
    }
    setChecking(true);
    try {
      const answer = await goodsApi.checkCode({ code: values.code, type: 'SPU', skuCodeList: codes, ...(editId ? { excludeSpuId: editId } : {}) });
      if (!answer.takenSkuCodes.length) return false;
      setProblem(t('goods:matrix.taken', { count: answer.takenSkuCodes.length, codes: answer.takenSkuCodes.map((c) => t('goods:matrix.takenBy', { code: c.code, spuCode: c.spuCode })).join(', ') }));
      form.setFields(
        values.skus.flatMap((s, i) => {
          const clash = answer.takenSkuCodes.find((c) => c.code === s.code);
          return clash ? [{ name: ['skus', i, 'code'], errors: [t('goods:matrix.takenBy', { code: clash.code, spuCode: clash.spuCode })] }] : [];
        }),
      );
      return true;
    } catch (e) {
      setProblem(e instanceof ApiError ? errorMessage(e) : String(e));
      return true;
    } finally {
      setChecking(false);
    }
  };

  const save = useGoodsMutation(async (values: GoodsFormValues) => {
    const payload = payloadOf(values, isCombination, seesCost);
    if (editId && existing.data) return goodsApi.updateSpu({ ...payload, id: editId, version: existing.data.version });
    return goodsApi.createSpu(payload);
  });

  const checkCode = async () => {
    const code = form.getFieldValue('code') as string | undefined;
    if (!code) return;
    try {
      const answer = await goodsApi.checkCode({ code, type: 'SPU', ...(editId ? { excludeSpuId: editId } : {}) });
      if (!answer.available) form.setFields([{ name: 'code', errors: [t('goods:form.codeTaken', { code })] }]);
    } catch {
      // The save checks again.
    }
  };

  const addComponents = (picked: SkuPick[]) => {
    const current = (form.getFieldValue('components') as ComponentFormRow[] | undefined) ?? [];
    const next = [...current];
    for (const p of picked) {
      if (next.some((c) => c.skuId === p.id)) continue;
      next.push({ skuId: p.id, code: p.code, name: p.name, specifications: p.specifications, isCombination: p.isCombination, qty: 1 });
    }
    form.setFieldsValue({ components: next });
    setChanged(true);
    void form.validateFields(['components']).catch(() => {});
  };

  const title = mode?.kind === 'edit' ? (isCombination ? t('goods:form.editCombination') : t('goods:form.editTitle')) : isCombination ? t('goods:form.createCombination') : t('goods:form.createTitle');
  const loading = mode?.kind === 'edit' && existing.isPending;
  const ownSkuId = existing.data?.skus[0]?.id;

  return (
    <Drawer
      open={mode !== null}
      title={title}
      width={980}
      onClose={onClose}
      destroyOnHidden
      maskClosable={false}
      extra={
        <Space>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button type="primary" loading={save.isPending || checking} onClick={() => form.submit()} disabled={loading}>
            {t('common:actions.save')}
          </Button>
        </Space>
      }
    >
      {loading && <Spin />}
      {existing.error && <Alert type="error" showIcon message={errorMessage(existing.error as ApiError)} />}
      {problem && <Alert type="error" showIcon message={problem} style={{ marginBottom: 16 }} role="alert" />}
      <Form
        form={form}
        layout="vertical"
        initialValues={EMPTY}
        style={{ display: loading ? 'none' : undefined }}
        scrollToFirstError
        onValuesChange={() => setChanged(true)}
        onFinish={async () => {
          setProblem(null);
          // Every value, also those no field shows (SKU ids of the rows, component SKUs).
          const values = form.getFieldsValue(true) as GoodsFormValues;
          if (await skuCodesClash(values)) return;
          save.mutate(values, {
            onSuccess: (row) => {
              toast.success(t('goods:form.saved', { code: row.code }));
              onClose();
            },
            onError: (e) => {
              if (e instanceof ApiError && !applyGoodsFieldErrors(form, e)) setProblem(errorMessage(e));
            },
          });
        }}
      >
        <Typography.Title level={5}>{t('goods:form.sectionBasic')}</Typography.Title>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="code" label={t('goods:fields.code')} rules={codeRules()} getValueFromEvent={stripSpaces}>
              <Input onBlur={() => void checkCode()} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col span={16}>
            <Form.Item name="name" label={t('goods:fields.name')} rules={[{ required: true, whitespace: true, message: t('goods:validation.nameRequired') }, { max: 200 }]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="shortName" label={t('goods:fields.shortName')} rules={[{ max: 100 }]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="goodsNo" label={t('goods:fields.goodsNo')} rules={[{ max: 64 }]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="barCode" label={t('goods:fields.barCode')} rules={[{ max: 64 }]} getValueFromEvent={stripSpaces}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="skuSysClassifyId" label={t('goods:fields.class')}>
              <TreeSelect allowClear treeDefaultExpandAll placeholder={t('goods:classes.unclassified')} treeData={classOptions(classes.data?.nodes ?? [])} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="brand" label={t('goods:fields.brand')} rules={[{ max: 50 }]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="category" label={t('goods:fields.category')} rules={[{ max: 50 }]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="status" label={t('goods:fields.status')}>
              <Radio.Group
                options={[
                  { value: 'onsale', label: t('goods:status.onsale') },
                  { value: 'instock', label: t('goods:status.instock') },
                ]}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="labels" label={t('goods:fields.labels')}>
              <Select mode="tags" tokenSeparators={[',', '，', ';', '；']} maxCount={20} open={false} suffixIcon={null} placeholder={t('goods:form.tagsPlaceholder')} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="skuMarks" label={t('goods:fields.skuMarks')}>
              <Select mode="tags" tokenSeparators={[',', '，', ';', '；']} maxCount={10} open={false} suffixIcon={null} placeholder={t('goods:form.tagsPlaceholder')} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="picUrl" label={t('goods:fields.picUrl')}>
              <PictureField deleteConfirm={t('goods:form.deleteMainPicture')} alt={t('goods:fields.picUrl')} />
            </Form.Item>
          </Col>
        </Row>

        <Typography.Title level={5}>{t('goods:form.sectionPrice')}</Typography.Title>
        <Row gutter={16}>
          <Col span={6}>
            <Form.Item name="price" label={t('goods:fields.price')} rules={[priceRule()]}>
              <Input prefix="¥" inputMode="decimal" />
            </Form.Item>
          </Col>
          {seesCost && (
            <Col span={6}>
              <Form.Item name="costPrice" label={t('goods:fields.costPrice')} rules={[priceRule()]} extra={isCombination ? t('goods:form.comboCostHint') : undefined}>
                <Input prefix="¥" inputMode="decimal" />
              </Form.Item>
            </Col>
          )}
          <Col span={6}>
            <Form.Item name="weight" label={t('goods:fields.weightKg')} rules={[weightRule()]}>
              <Input suffix="kg" inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="unit" label={t('goods:fields.unit')} rules={[{ max: 20 }]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="length" label={t('goods:fields.lengthCm')} rules={[sizeRule()]}>
              <Input suffix="cm" inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="width" label={t('goods:fields.widthCm')} rules={[sizeRule()]}>
              <Input suffix="cm" inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="height" label={t('goods:fields.heightCm')} rules={[sizeRule()]}>
              <Input suffix="cm" inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item label={t('goods:fields.volume')}>
              <Typography.Text>{volume ? `${volume} m³` : '-'}</Typography.Text>
            </Form.Item>
          </Col>
        </Row>

        {!isCombination && (
          <>
            <Divider />
            <Form.Item name="hasSku" valuePropName="checked" label={t('goods:form.hasSku')} extra={hasSku ? t('goods:form.hasSkuOn') : t('goods:form.hasSkuOff')}>
              <Switch />
            </Form.Item>
            {!hasSku && (
              <Row gutter={16}>
                <Col span={8}>
                  <Form.Item name="specifications" label={t('goods:fields.specifications')} rules={[{ max: 200 }]}>
                    <Input />
                  </Form.Item>
                </Col>
                <Col span={8}>
                  <Form.Item name="color" label={t('goods:fields.color')} rules={[{ max: 50 }]}>
                    <Input />
                  </Form.Item>
                </Col>
                <Col span={8}>
                  <Form.Item name="size" label={t('goods:fields.size')} rules={[{ max: 50 }]}>
                    <Input />
                  </Form.Item>
                </Col>
              </Row>
            )}
            {hasSku && mode?.kind === 'create' && (
              <SkuMatrixBuilder
                spuCode={spuCode}
                rows={(skuRows ?? []) as MatrixSkuRow[]}
                onRows={(rows) => {
                  form.setFieldsValue({ skus: rows as SkuFormRow[] });
                  setChanged(true);
                  void form.validateFields(['skus']).catch(() => {});
                }}
              />
            )}
            {hasSku && (
              <Form.List
                name="skus"
                rules={[{ validator: (_r, rows: SkuFormRow[] | undefined) => (rows?.length ? Promise.resolve() : Promise.reject(new Error(t('goods:form.needSku')))) }]}
              >
                {(fields, { add, remove }, { errors }) => (
                  <>
                    <Table
                      size="small"
                      rowKey="key"
                      pagination={false}
                      dataSource={fields}
                      scroll={{ x: 900 }}
                      locale={{ emptyText: t('goods:form.noSku') }}
                      columns={[
                        {
                          title: t('goods:fields.skuCode'),
                          width: 160,
                          render: (_, field) => (
                            <Form.Item name={[field.name, 'code']} rules={codeRules()} getValueFromEvent={stripSpaces} style={{ margin: 0 }}>
                              <Input aria-label={t('goods:fields.skuCode')} />
                            </Form.Item>
                          ),
                        },
                        ...(['specifications', 'color', 'size', 'barCode'] as const).map((key) => ({
                          title: t(`goods:fields.${key}`),
                          width: 130,
                          render: (_: unknown, field: { name: number }) => (
                            <Form.Item name={[field.name, key]} rules={[{ max: key === 'specifications' ? 200 : key === 'barCode' ? 64 : 50 }]} style={{ margin: 0 }}>
                              <Input aria-label={t(`goods:fields.${key}`)} />
                            </Form.Item>
                          ),
                        })),
                        {
                          title: t('goods:fields.price'),
                          width: 110,
                          render: (_, field) => (
                            <Form.Item name={[field.name, 'price']} rules={[priceRule()]} style={{ margin: 0 }}>
                              <Input aria-label={t('goods:fields.price')} inputMode="decimal" />
                            </Form.Item>
                          ),
                        },
                        ...(seesCost
                          ? [
                              {
                                title: t('goods:fields.costPrice'),
                                width: 110,
                                render: (_: unknown, field: { name: number }) => (
                                  <Form.Item name={[field.name, 'costPrice']} rules={[priceRule()]} style={{ margin: 0 }}>
                                    <Input aria-label={t('goods:fields.costPrice')} inputMode="decimal" placeholder={goodsCost || undefined} />
                                  </Form.Item>
                                ),
                              },
                            ]
                          : []),
                        {
                          title: t('goods:fields.weightKg'),
                          width: 100,
                          render: (_, field) => (
                            <Form.Item name={[field.name, 'weight']} rules={[weightRule()]} style={{ margin: 0 }}>
                              <Input aria-label={t('goods:fields.weightKg')} inputMode="decimal" placeholder={goodsWeight || undefined} />
                            </Form.Item>
                          ),
                        },
                        {
                          title: '',
                          width: 48,
                          fixed: 'right',
                          render: (_, field) => <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('goods:form.removeSku')} onClick={() => remove(field.name)} />,
                        },
                      ]}
                    />
                    <Form.ErrorList errors={errors} />
                    <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
                      {t('goods:form.skuValuesFromGoods')}
                    </Typography.Paragraph>
                    <Button icon={<PlusOutlined />} style={{ marginTop: 8 }} onClick={() => add({ code: '', status: 'onsale' })}>
                      {t('goods:form.addSku')}
                    </Button>
                  </>
                )}
              </Form.List>
            )}
          </>
        )}

        {isCombination && (
          <>
            <Divider />
            <Typography.Title level={5}>{t('goods:form.sectionComponents')}</Typography.Title>
            <Typography.Paragraph type="secondary">{t('goods:form.componentsHint')}</Typography.Paragraph>
            <Form.List
              name="components"
              rules={[{ validator: (_r, rows: ComponentFormRow[] | undefined) => (rows?.length ? Promise.resolve() : Promise.reject(new Error(t('goods:form.needComponent')))) }]}
            >
              {(fields, { remove }, { errors }) => (
                <>
                  <Table
                    size="small"
                    rowKey="key"
                    pagination={false}
                    dataSource={fields}
                    locale={{ emptyText: t('goods:form.noComponent') }}
                    columns={[
                      { title: t('goods:fields.skuCode'), width: 160, render: (_, field) => components?.[field.name]?.code },
                      {
                        title: t('goods:fields.nameSpec'),
                        render: (_, field) => {
                          const c = components?.[field.name];
                          return c ? (
                            <Space direction="vertical" size={0}>
                              <span>
                                {c.name} {c.isCombination && <Tag color="purple">{t('goods:list.combination')}</Tag>}
                              </span>
                              {c.specifications && <Typography.Text type="secondary">{c.specifications}</Typography.Text>}
                            </Space>
                          ) : null;
                        },
                      },
                      {
                        title: t('goods:fields.qty'),
                        width: 120,
                        render: (_, field) => (
                          <Form.Item name={[field.name, 'qty']} rules={[{ required: true, message: t('goods:validation.qty') }]} style={{ margin: 0 }}>
                            <InputNumber min={1} max={99999} precision={0} aria-label={t('goods:fields.qty')} />
                          </Form.Item>
                        ),
                      },
                      ...(seesCost
                        ? [
                            {
                              title: t('goods:fields.apportionCostPrice'),
                              width: 150,
                              render: (_: unknown, field: { name: number }) => (
                                <Form.Item name={[field.name, 'apportionCostPrice']} rules={[priceRule()]} style={{ margin: 0 }}>
                                  <Input prefix="¥" aria-label={t('goods:fields.apportionCostPrice')} inputMode="decimal" />
                                </Form.Item>
                              ),
                            },
                          ]
                        : []),
                      {
                        title: '',
                        width: 48,
                        render: (_, field) => <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('goods:form.removeComponent')} onClick={() => remove(field.name)} />,
                      },
                    ]}
                  />
                  <Form.ErrorList errors={errors} />
                  <Button icon={<PlusOutlined />} style={{ marginTop: 8 }} onClick={() => setPicking(true)}>
                    {t('goods:form.addComponents')}
                  </Button>
                </>
              )}
            </Form.List>
            <SkuPicker
              open={picking}
              onClose={() => setPicking(false)}
              onConfirm={addComponents}
              title={t('goods:form.pickComponents')}
              excludeSkuIds={[...(ownSkuId ? [ownSkuId] : []), ...(components ?? []).map((c) => c.skuId)]}
            />
          </>
        )}

        <Collapse
          ghost
          style={{ marginTop: 16 }}
          items={[
            {
              key: 'more',
              label: t('goods:form.sectionMore'),
              forceRender: true,
              children: (
                <Row gutter={16}>
                  <Col span={8}>
                    <Form.Item name="season" label={t('goods:fields.season')} rules={[{ max: 20 }]}>
                      <Input />
                    </Form.Item>
                  </Col>
                  <Col span={8}>
                    <Form.Item name="lotInfo" label={t('goods:fields.lotInfo')} rules={[{ max: 100 }]}>
                      <Input />
                    </Form.Item>
                  </Col>
                  <Col span={8}>
                    <Form.Item name="shelfLife" label={t('goods:fields.shelfLifeDays')}>
                      <InputNumber min={0} max={36500} precision={0} style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                  <Col span={8}>
                    <Form.Item name="packageInfo" label={t('goods:fields.packageInfo')} rules={[{ max: 200 }]}>
                      <Input />
                    </Form.Item>
                  </Col>
                  <Col span={8}>
                    <Form.Item name="udf1" label={t('goods:fields.udf1')} rules={[{ max: 200 }]}>
                      <Input />
                    </Form.Item>
                  </Col>
                  <Col span={8}>
                    <Form.Item name="udf2" label={t('goods:fields.udf2')} rules={[{ max: 200 }]}>
                      <Input />
                    </Form.Item>
                  </Col>
                  <Col span={24}>
                    <Form.Item name="remark" label={t('goods:fields.remark')} rules={[{ max: 500 }]}>
                      <Input.TextArea rows={2} />
                    </Form.Item>
                  </Col>
                </Row>
              ),
            },
          ]}
        />
      </Form>
    </Drawer>
  );
}
