import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOptionalSession } from '../../../app/session';
import { ApiError, errorMessage } from '../../../app/request';
import { toast } from '../../../app/toast';
import { confirmPasswordRules, passwordRules, requiredRule } from '../../../ui/form-rules';
import { accountsApi } from '../api';
import { applyServerFieldErrors } from './form-errors';

interface Values {
  fromPassWord: string;
  toPassWord: string;
  confirm: string;
}

export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const session = useOptionalSession();
  const submit = async () => {
    const values = await form.validateFields();
    try {
      await accountsApi.changePassword(values.fromPassWord, values.toPassWord);
      toast.success(t('accounts:password.changed'));
      form.resetFields();
      onClose();
    } catch (error) {
      if (error instanceof ApiError) {
        if (!applyServerFieldErrors(form, error)) toast.error(errorMessage(error));
      }
    }
  };
  return (
    <Modal open={open} title={t('accounts:password.changeTitle')} onOk={submit} onCancel={onClose} okText={t('common:actions.save')} cancelText={t('common:actions.cancel')} maskClosable={false} destroyOnHidden width={520}>
      <Form form={form} layout="vertical" requiredMark>
        <Form.Item name="fromPassWord" label={t('accounts:password.current')} rules={[requiredRule()]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="toPassWord" label={t('accounts:password.new')} rules={passwordRules(undefined, session?.account.loginName)} extra={t('auth:passwordHint')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirm" label={t('accounts:password.confirm')} dependencies={['toPassWord']} rules={confirmPasswordRules('toPassWord')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
