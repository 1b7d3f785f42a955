// The automatic-review rule on the business rules page (issue 21): which pending orders are
// reviewed without a person — stores, amount range, SKUs, remarks, minutes since payment. The
// rule is saved by its own call (erpsoh/saveAutoVerifyRule); "Run now" (GET erpsoh/autoVerify)
// reviews the orders now for an account with the orders page, and says what stayed and why.
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form, InputNumber, Radio, Select, Skeleton, Space, Switch, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AUTO_VERIFY_REMARK_RULES, OrderAutoVerifyCalls, type AutoVerifyResult, type AutoVerifyRule, type CallInput } from '@openseller/core';
import { ApiError, callApi, errorMessage } from '../../../app/request';
import { useSession } from '../../../app/session';
import { toast } from '../../../app/toast';
import { StoreSelect } from '../../stores/components/store-select';
import { applyServerFieldErrors } from '../../accounts/components/form-errors';

type RuleInput = CallInput<typeof OrderAutoVerifyCalls.saveRule>;
interface FormValues {
  enabled: boolean;
  storeIdList: number[];
  amountMin: string | null;
  amountMax: string | null;
  skuCodeList: string[];
  remarkRule: AutoVerifyRule['remarkRule'];
  minutesAfterPay: number;
}

const KEY = ['settings', 'autoVerifyRule'] as const;
const quiet = { quiet: true } as const;

function RunSummary({ result }: { result: AutoVerifyResult }) {
  const { t } = useTranslation();
  if (!result.enabled) return <Alert type="info" showIcon message={t('settings:autoVerify.runOff')} />;
  const reasons = new Map<string, number>();
  for (const h of result.held) reasons.set(h.reason, (reasons.get(h.reason) ?? 0) + 1);
  for (const f of result.failures) reasons.set(f.errorCode, (reasons.get(f.errorCode) ?? 0) + 1);
  return (
    <Alert
      type={result.successIds.length ? 'success' : 'info'}
      showIcon
      message={t('settings:autoVerify.runDone', { checked: result.checked, verified: result.successIds.length, kept: result.held.length + result.failures.length })}
      description={
        reasons.size ? (
          <ul style={{ margin: 0, paddingInlineStart: 18 }}>
            {[...reasons].map(([reason, n]) => (
              <li key={reason}>{t(`settings:autoVerify.reasons.${reason}`, { defaultValue: reason })}: {n}</li>
            ))}
          </ul>
        ) : undefined
      }
    />
  );
}

export function AutoVerifyCard() {
  const { t } = useTranslation();
  const session = useSession();
  const client = useQueryClient();
  const rule = useQuery({ queryKey: KEY, queryFn: () => callApi(OrderAutoVerifyCalls.getRule, undefined, quiet) });
  const save = useMutation({ mutationFn: (input: RuleInput) => callApi(OrderAutoVerifyCalls.saveRule, input, quiet), onSuccess: (r) => client.setQueryData(KEY, r) });
  const run = useMutation({ mutationFn: () => callApi(OrderAutoVerifyCalls.run, undefined, quiet) });
  const [form] = Form.useForm<FormValues>();
  const [lastRun, setLastRun] = useState<AutoVerifyResult | null>(null);
  const enabled = Form.useWatch('enabled', form);

  useEffect(() => {
    if (rule.data) form.setFieldsValue({ ...rule.data });
  }, [rule.data, form]);

  function submit(values: FormValues) {
    save.mutate(
      { ...values, amountMin: values.amountMin ?? null, amountMax: values.amountMax ?? null, version: rule.data?.version ?? 0 },
      {
        onSuccess: () => toast.success(t('settings:autoVerify.saved')),
        onError: (error) => {
          if (error instanceof ApiError && applyServerFieldErrors(form, error, {})) return;
          toast.error(error instanceof ApiError ? errorMessage(error) : String(error));
        },
      },
    );
  }

  return (
    <Card title={t('settings:autoVerify.title')} style={{ marginTop: 16, maxWidth: 720 }}>
      <Typography.Paragraph type="secondary">{t('settings:autoVerify.intro')}</Typography.Paragraph>
      {rule.isError ? (
        <Alert type="error" showIcon message={rule.error instanceof ApiError ? errorMessage(rule.error) : t('settings:loadFailed')} />
      ) : rule.isLoading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <Form form={form} layout="vertical" onFinish={submit} initialValues={rule.data}>
          <Form.Item name="enabled" label={t('settings:autoVerify.enabled')} valuePropName="checked">
            <Switch checkedChildren={t('settings:on')} unCheckedChildren={t('settings:off')} />
          </Form.Item>
          <Form.Item name="storeIdList" label={t('settings:autoVerify.stores')} extra={t('settings:autoVerify.storesHelp')}>
            <StoreSelect mode="multiple" allowClear disabled={!enabled} placeholder={t('settings:autoVerify.anyStore')} />
          </Form.Item>
          <Space align="start" wrap>
            <Form.Item name="amountMin" label={t('settings:autoVerify.amountMin')}>
              <InputNumber<string> stringMode min="0" precision={2} disabled={!enabled} style={{ width: 160 }} placeholder={t('settings:autoVerify.noLimit')} />
            </Form.Item>
            <Form.Item
              name="amountMax"
              label={t('settings:autoVerify.amountMax')}
              dependencies={['amountMin']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_, value: string | null) => {
                    const min = getFieldValue('amountMin') as string | null;
                    return value != null && min != null && Number(value) < Number(min) ? Promise.reject(new Error(t('settings:autoVerify.maxBelowMin'))) : Promise.resolve();
                  },
                }),
              ]}
            >
              <InputNumber<string> stringMode min="0" precision={2} disabled={!enabled} style={{ width: 160 }} placeholder={t('settings:autoVerify.noLimit')} />
            </Form.Item>
          </Space>
          <Form.Item name="skuCodeList" label={t('settings:autoVerify.skus')} extra={t('settings:autoVerify.skusHelp')}>
            <Select mode="tags" tokenSeparators={[',', ' ', '，']} disabled={!enabled} placeholder={t('settings:autoVerify.anySku')} open={false} />
          </Form.Item>
          <Form.Item name="remarkRule" label={t('settings:autoVerify.remarks')}>
            <Radio.Group disabled={!enabled} style={{ display: 'flex', flexDirection: 'column', gap: 4 }} options={AUTO_VERIFY_REMARK_RULES.map((r) => ({ value: r, label: t(`settings:autoVerify.remark.${r}`) }))} />
          </Form.Item>
          <Form.Item name="minutesAfterPay" label={t('settings:autoVerify.minutes')} extra={t('settings:autoVerify.minutesHelp')}>
            <InputNumber min={0} max={43200} precision={0} disabled={!enabled} suffix={t('settings:autoVerify.minutesSuffix')} style={{ width: 180 }} />
          </Form.Item>
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('settings:autoVerify.save')}
            </Button>
            {session.menus.has('MENU_ERPSO') && (
              <Button
                loading={run.isPending}
                disabled={!rule.data?.enabled}
                onClick={() =>
                  run.mutate(undefined, {
                    onSuccess: setLastRun,
                    onError: (error) => toast.error(error instanceof ApiError ? errorMessage(error) : String(error)),
                  })
                }
              >
                {t('settings:autoVerify.runNow')}
              </Button>
            )}
          </Space>
          {lastRun && (
            <div style={{ marginTop: 16 }}>
              <RunSummary result={lastRun} />
            </div>
          )}
        </Form>
      )}
    </Card>
  );
}
