// The main account's change of phone (spec 02 §7.1): first a code sent to the current phone proves
// the owner, then a code sent to the new phone proves the new number.
import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Space, Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../../app/request';
import { toast } from '../../../app/toast';
import { mobileRules, smsCodeRules } from '../../../ui/form-rules';
import { SmsCodeButton } from '../../../ui/sms-code-button';
import { accountsApi } from '../api';
import { applyServerFieldErrors } from './form-errors';

export function ChangePhoneModal({ open, onClose, onChanged, currentMasked }: { open: boolean; onClose: () => void; onChanged: () => void; currentMasked: string }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<0 | 1>(0);
  const [changeToken, setChangeToken] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [current] = Form.useForm<{ validateCode: string }>();
  const [next] = Form.useForm<{ mobile: string; validateCode: string }>();
  const close = () => {
    setStep(0);
    setChangeToken(null);
    current.resetFields();
    next.resetFields();
    onClose();
  };
  const run = async (work: () => Promise<void>, form: Parameters<typeof applyServerFieldErrors>[0]) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      if (error instanceof ApiError && !applyServerFieldErrors(form, error)) toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const checkCurrent = async () => {
    const { validateCode } = await current.validateFields();
    await run(async () => {
      const proof = await accountsApi.checkCurrentPhoneCode(validateCode.trim());
      setChangeToken(proof.changeToken);
      setStep(1);
    }, current);
  };
  const change = async () => {
    const values = await next.validateFields();
    await run(async () => {
      await accountsApi.changePhone({ mobile: values.mobile.trim(), validateCode: values.validateCode.trim(), changeToken: changeToken! });
      toast.success(t('accounts:phone.changed'));
      onChanged();
      close();
    }, next);
  };
  return (
    <Modal
      open={open}
      title={t('accounts:phone.title')}
      onCancel={close}
      width={520}
      maskClosable={false}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={close}>{t('common:actions.cancel')}</Button>
          <Button type="primary" loading={busy} onClick={step === 0 ? checkCurrent : change}>
            {step === 0 ? t('accounts:phone.next') : t('accounts:phone.submit')}
          </Button>
        </Space>
      }
    >
      <Steps size="small" current={step} style={{ marginBottom: 24 }} items={[{ title: t('accounts:phone.stepCurrent') }, { title: t('accounts:phone.stepNew') }]} />
      {step === 0 ? (
        <Form key="current" form={current} layout="vertical" onFinish={checkCurrent}>
          <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('accounts:phone.currentHint', { phone: currentMasked })} />
          <Form.Item label={t('auth:smsCode')} required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="validateCode" noStyle rules={smsCodeRules()}>
                <Input maxLength={6} autoComplete="one-time-code" aria-label={t('auth:smsCode')} />
              </Form.Item>
              <SmsCodeButton send={() => accountsApi.sendCurrentPhoneCode()} />
            </Space.Compact>
          </Form.Item>
        </Form>
      ) : (
        <Form key="next" form={next} layout="vertical" onFinish={change}>
          <Form.Item name="mobile" label={t('accounts:phone.newMobile')} rules={mobileRules()}>
            <Input autoComplete="tel" />
          </Form.Item>
          <Form.Item label={t('auth:smsCode')} required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="validateCode" noStyle rules={smsCodeRules()}>
                <Input maxLength={6} autoComplete="one-time-code" aria-label={t('auth:smsCode')} />
              </Form.Item>
              <SmsCodeButton
                send={async () => {
                  const { mobile } = await next.validateFields(['mobile']);
                  return accountsApi.sendNewPhoneCode(mobile.trim());
                }}
              />
            </Space.Compact>
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
