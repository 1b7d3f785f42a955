// /order/createorder (MENU_ERPSO_CREATE): an order typed in by hand — store, buyer, receiver,
// lines of system SKUs (picked by code or name) with quantity and price, totals — created through
// the same pipeline as pulled orders (warehouse, courier, gifts); the toast names the new order.
// 'What the rules choose' shows that pipeline's choices first, creating nothing (the dry run).
import { useMemo, useState } from 'react';
import { Button, Card, Col, Empty, Form, Input, InputNumber, Row, Space, Statistic, Table, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { addDecimals, formatDecimal, multiplyDecimals, type DryRunResult, type ManualOrderInput } from '@openseller/core';
import { ApiError, errorMessage } from '../../../../app/request';
import { toast } from '../../../../app/toast';
import { AddressFields, AddressPasteBox, type AddressFieldNames } from '../../../../ui/address-fields';
import { requiredRule } from '../../../../ui/form-rules';
import { PageTitle } from '../../../../ui/page-title';
import { SkuNameCell } from '../../../../ui/sku-attributes';
import { useUnsavedChanges } from '../../../../ui/unsaved-changes';
import { applyServerFieldErrors } from '../../../accounts/components/form-errors';
import { SkuPicker, type SkuPick } from '../../../goods/components/sku-picker';
import { StoreSelect } from '../../../stores/components/store-select';
import { ImportOrdersButton } from '../../import/import-orders-button';
import { RulePreview } from '../components/rule-preview';
import { useCreateOrderByHand, useDryRunByHand } from '../queries';

/** The receiver fields the address cascader and its paste box fill. */
const RECEIVER_FIELDS: AddressFieldNames = {
  province: 'receiverProvince',
  city: 'receiverCity',
  district: 'receiverDistrict',
  detail: 'receiverAddress',
  name: 'receiverName',
  phone: 'receiverPhone',
};

interface Line {
  sku: SkuPick;
  qty: number;
  price: string;
}

interface Values {
  storeId?: number;
  buyerNick?: string;
  receiverName: string;
  receiverPhone: string;
  receiverProvince: string;
  receiverCity: string;
  receiverDistrict?: string;
  receiverAddress: string;
  postFee?: number | null;
  sellerRemark?: string;
  buyerMessage?: string;
}

export default function CreateOrderPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [lines, setLines] = useState<Line[]>([]);
  const [picking, setPicking] = useState(false);
  const [linesError, setLinesError] = useState<string | null>(null);
  const create = useCreateOrderByHand();
  const dryRun = useDryRunByHand();
  const [previewed, setPreviewed] = useState<DryRunResult | null>(null);
  const postFee = Form.useWatch('postFee', form);
  // Typed in by the user (setFieldsValue is never used here) or goods added: not created yet.
  const [typed, setTyped] = useState(false);
  useUnsavedChanges(typed || lines.length > 0);

  const totals = useMemo(() => {
    let amount = addDecimals(0, 0);
    let weight = addDecimals(0, 0);
    let qty = 0;
    for (const l of lines) {
      qty += l.qty;
      amount = addDecimals(amount, multiplyDecimals(l.price || '0', l.qty));
      if (l.sku.weight) weight = addDecimals(weight, multiplyDecimals(l.sku.weight, l.qty));
    }
    return { qty, amount: formatDecimal(amount, 2), weight: formatDecimal(weight, 3), pay: formatDecimal(addDecimals(amount, postFee ?? 0), 2) };
  }, [lines, postFee]);

  const update = (skuId: number, patch: Partial<Line>) => setLines((prev) => prev.map((l) => (l.sku.id === skuId ? { ...l, ...patch } : l)));

  /** The call's input from the form, or null (and the reason shown) when no line was added. */
  const toInput = (values: Values): ManualOrderInput | null => {
    if (!lines.length) {
      setLinesError(t('orderingest:create.noLines'));
      return null;
    }
    setLinesError(null);
    return {
      storeId: values.storeId!,
      buyerNick: values.buyerNick,
      receiverName: values.receiverName,
      receiverPhone: values.receiverPhone,
      receiverProvince: values.receiverProvince,
      receiverCity: values.receiverCity,
      receiverDistrict: values.receiverDistrict,
      receiverAddress: values.receiverAddress,
      postFee: String(values.postFee ?? 0),
      sellerRemark: values.sellerRemark,
      buyerMessage: values.buyerMessage,
      lines: lines.map((l) => ({ skuId: l.sku.id, qty: l.qty, price: l.price || '0' })),
    };
  };

  const showFailure = (error: unknown) => {
    const apiError = error as ApiError;
    const field = typeof apiError.params?.field === 'string' ? apiError.params.field : '';
    if (field.startsWith('lines')) setLinesError(errorMessage(apiError));
    else if (!applyServerFieldErrors(form, apiError)) toast.error(errorMessage(apiError));
  };

  const preview = async () => {
    const values = await form.validateFields().catch(() => null);
    const input = values && toInput(values);
    if (input) dryRun.mutate(input, { onSuccess: setPreviewed, onError: showFailure });
  };

  const submit = (values: Values) => {
    const input = toInput(values);
    if (!input) return;
    create.mutate(input, {
      onSuccess: (result) => {
        toast.success(t('orderingest:create.created', { code: result.code }));
        form.resetFields();
        setLines([]);
        setTyped(false);
      },
      onError: showFailure,
    });
  };

  return (
    <>
      <PageTitle title={t('orderingest:create.title')} extra={<ImportOrdersButton />} />
      <Form<Values> form={form} layout="vertical" onFinish={submit} onValuesChange={() => setTyped(true)} initialValues={{ postFee: 0 }}>
        <Card title={t('orderingest:create.orderSection')} size="small" style={{ marginBottom: 16 }}>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item name="storeId" label={t('orderingest:create.store')} rules={[{ required: true, message: t('common:validation.required') }]}>
                <StoreSelect />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="buyerNick" label={t('orderingest:create.buyerNick')}>
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="postFee" label={t('orderingest:create.postFee')}>
                <InputNumber min={0} precision={2} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
        </Card>
        <Card title={t('orderingest:create.receiverSection')} size="small" style={{ marginBottom: 16 }}>
          <AddressPasteBox names={RECEIVER_FIELDS} />
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item name="receiverName" label={t('orderingest:create.receiverName')} rules={[requiredRule()]}>
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="receiverPhone" label={t('orderingest:create.receiverPhone')} rules={[requiredRule()]}>
                <Input maxLength={40} />
              </Form.Item>
            </Col>
          </Row>
          <AddressFields names={RECEIVER_FIELDS} paste={false} required="city" detailRequired detailMax={500} labels={{ detail: t('orderingest:create.address') }} />
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="buyerMessage" label={t('orderingest:create.buyerMessage')}>
                <Input.TextArea maxLength={500} rows={2} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="sellerRemark" label={t('orderingest:create.sellerRemark')}>
                <Input.TextArea maxLength={500} rows={2} />
              </Form.Item>
            </Col>
          </Row>
        </Card>
        <Card
          title={t('orderingest:create.linesSection')}
          size="small"
          style={{ marginBottom: 16 }}
          extra={
            <Button icon={<PlusOutlined />} onClick={() => setPicking(true)}>
              {t('orderingest:create.addGoods')}
            </Button>
          }
        >
          <Table<Line>
            rowKey={(l) => l.sku.id}
            size="small"
            pagination={false}
            dataSource={lines}
            locale={{ emptyText: <Empty description={t('orderingest:create.noLines')} /> }}
            columns={[
              { title: t('orderingest:create.skuCode'), render: (_, l) => l.sku.code, width: 180 },
              { title: t('orderingest:create.skuName'), render: (_, l) => <SkuNameCell name={l.sku.name} sku={l.sku} /> },
              {
                title: t('orderingest:create.qty'),
                width: 120,
                render: (_, l) => <InputNumber aria-label={t('orderingest:create.qty')} min={1} max={1_000_000} precision={0} value={l.qty} onChange={(v) => update(l.sku.id, { qty: Number(v ?? 1) })} />,
              },
              {
                title: t('orderingest:create.price'),
                width: 140,
                render: (_, l) => (
                  <InputNumber<string>
                    aria-label={t('orderingest:create.price')}
                    min="0"
                    precision={2}
                    stringMode
                    value={l.price}
                    onChange={(v) => update(l.sku.id, { price: v ?? '0' })}
                  />
                ),
              },
              { title: t('orderingest:create.amount'), width: 110, align: 'right', render: (_, l) => formatDecimal(multiplyDecimals(l.price || '0', l.qty), 2) },
              {
                title: t('common:actions.title'),
                width: 70,
                render: (_, l) => (
                  <Button type="link" danger size="small" icon={<DeleteOutlined />} aria-label={t('common:actions.delete')} onClick={() => setLines((prev) => prev.filter((x) => x.sku.id !== l.sku.id))} />
                ),
              },
            ]}
          />
          {linesError && (
            <Typography.Text type="danger" role="alert">
              {linesError}
            </Typography.Text>
          )}
        </Card>
        <Card size="small" style={{ marginBottom: 16 }}>
          <Space size={48} wrap>
            <Statistic title={t('orderingest:create.totalQty')} value={totals.qty} />
            <Statistic title={t('orderingest:create.totalAmount')} value={totals.amount} />
            <Statistic title={t('orderingest:create.totalPay')} value={totals.pay} />
            <Statistic title={t('orderingest:create.totalWeight')} value={totals.weight} suffix="kg" />
          </Space>
        </Card>
        <Space>
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            {t('orderingest:create.submit')}
          </Button>
          <Button loading={dryRun.isPending} onClick={() => void preview()}>
            {t('orderingest:preview.button')}
          </Button>
        </Space>
      </Form>
      <RulePreview result={previewed} onClose={() => setPreviewed(null)} />
      <SkuPicker
        open={picking}
        onClose={() => setPicking(false)}
        excludeSkuIds={lines.map((l) => l.sku.id)}
        onConfirm={(skus) => setLines((prev) => [...prev, ...skus.map((sku) => ({ sku, qty: 1, price: sku.price ?? '0' }))])}
      />
    </>
  );
}
