// A store's settings: the sender name and address on its waybills (four modes), the delivery
// notice, and for marketplace stores what syncs automatically.
import { useEffect, useState } from 'react';
import { Alert, Divider, Form, Modal, Radio, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { SENDER_ADDRESS_MODES, type SenderAddressMode, type StoreRow, type StoreSyncConfig } from '@openseller/core';
import { ApiError, errorMessage } from '../../../app/request';
import { toast } from '../../../app/toast';
import { storesApi } from '../api';
import { useStoresMutation } from '../queries';

interface Values extends StoreSyncConfig {
  senderAddressMode: SenderAddressMode;
  deliverNotification: boolean;
}

export function SenderModeField() {
  const { t } = useTranslation();
  return (
    <Form.Item name="senderAddressMode" label={t('stores:fields.senderAddressMode')} extra={t('stores:senderModes.hint')}>
      <Radio.Group>
        <Space direction="vertical">
          {SENDER_ADDRESS_MODES.map((mode) => (
            <Radio key={mode} value={mode}>
              {t(`stores:senderModes.${mode}`)}
            </Radio>
          ))}
        </Space>
      </Radio.Group>
    </Form.Item>
  );
}

export function StoreConfigModal({ store, onClose }: { store: StoreRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const save = useStoresMutation(async (values: Values) => {
    const s = store!;
    const changedConfig = values.senderAddressMode !== s.senderAddressMode || values.deliverNotification !== s.deliverNotification;
    let version = s.version;
    if (changedConfig) version = (await storesApi.updateConfig({ id: s.id, version, senderAddressMode: values.senderAddressMode, deliverNotification: values.deliverNotification })).version;
    if (s.storeType === 1) {
      await storesApi.configSync({
        id: s.id,
        version,
        autoSyncOrders: values.autoSyncOrders,
        autoSyncStock: values.autoSyncStock,
        autoFeedback: values.autoFeedback,
        syncAfterSales: values.syncAfterSales,
      });
    }
  });

  useEffect(() => {
    if (store) {
      setError(null);
      form.setFieldsValue({ senderAddressMode: store.senderAddressMode, deliverNotification: store.deliverNotification, ...store.syncConfig });
    }
  }, [store, form]);

  return (
    <Modal
      open={!!store}
      title={t('stores:config.title', { name: store?.name ?? '' })}
      onCancel={onClose}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={save.isPending}
      maskClosable={false}
      destroyOnHidden
      forceRender
      onOk={async () => {
        const values = await form.validateFields();
        save.mutate(values, {
          onSuccess: () => {
            toast.success(t('common:saved'));
            onClose();
          },
          onError: (e) => setError(e instanceof ApiError ? errorMessage(e) : String(e)),
        });
      }}
    >
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} role="alert" />}
      <Form form={form} layout="vertical">
        <SenderModeField />
        <Form.Item name="deliverNotification" label={t('stores:fields.deliverNotification')} valuePropName="checked" extra={t('stores:fields.deliverNotificationHint')}>
          <Switch />
        </Form.Item>
        {store?.storeType === 1 && (
          <>
            <Divider titlePlacement="start" plain>
              {t('stores:config.syncTitle')}
            </Divider>
            {(['autoSyncOrders', 'autoSyncStock', 'autoFeedback', 'syncAfterSales'] as const).map((key) => (
              <Form.Item key={key} name={key} label={t(`stores:config.${key}`)} valuePropName="checked" style={{ marginBottom: 8 }}>
                <Switch />
              </Form.Item>
            ))}
          </>
        )}
      </Form>
    </Modal>
  );
}
