// Edit the receiver of one order: name, phone (mobile or landline), province / city / district
// from the official divisions (ui/address-fields.tsx, with a box to paste a whole receiver), address. The drawer shows the receiver masked, so name, phone and address
// are typed afresh (the masked value is the placeholder). Regions keep their Chinese names: the
// address is what the courier prints. The order's version is sent; a refusal
// of a field is shown next to it, anything else as a toast.
import { useEffect } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderRow } from '@openseller/core';
import { toast } from '../../../../app/toast';
import { AddressFields, AddressPasteBox, type AddressFieldNames } from '../../../../ui/address-fields';
import { orderCommandsApi } from '../api';
import { formFieldErrors, receiverInput, receiverPhoneValid, type ReceiverFormValues } from '../order-edits';
import { commandErrorMessage, useOrderCommand } from '../queries';

/** The receiver fields the cascader and the paste box fill. */
const RECEIVER_FIELDS: AddressFieldNames = {
  province: 'receiverProvince',
  city: 'receiverCity',
  district: 'receiverDistrict',
  detail: 'receiverAddress',
  name: 'receiverName',
  phone: 'receiverPhone',
};

const FIELDS = ['receiverName', 'receiverPhone', 'receiverProvince', 'receiverCity', 'receiverDistrict', 'receiverAddress', 'receiverZip'] as const;

export function ReceiverModal({ order, open, onClose }: { order: OrderRow; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ReceiverFormValues>();
  const save = useOrderCommand(orderCommandsApi.updateReceiver);

  useEffect(() => {
    if (open)
      form.setFieldsValue({
        receiverName: '',
        receiverPhone: '',
        receiverProvince: order.receiverProvince ?? undefined,
        receiverCity: order.receiverCity ?? undefined,
        receiverDistrict: order.receiverDistrict ?? undefined,
        receiverAddress: '',
      } as ReceiverFormValues);
  }, [open, order, form]);

  function submit(values: ReceiverFormValues) {
    save.mutate(receiverInput(order, values), {
      onSuccess: () => {
        toast.success(t('ordercommands:receiver.done', { code: order.code }));
        onClose();
      },
      onError: (e) => {
        const { fields, rest } = formFieldErrors(e, FIELDS);
        form.setFields(fields);
        if (rest) toast.error(commandErrorMessage(e));
      },
    });
  }

  const required = (key: string) => ({ required: true, whitespace: true, message: t(`ordercommands:receiver.required.${key}`) });

  return (
    <Modal
      open={open}
      title={t('ordercommands:receiver.title', { code: order.code })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('ordercommands:dialog.ok')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={save.isPending}
      width={640}
      destroyOnHidden
    >
      <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('ordercommands:receiver.maskedNote')} />
      <Form form={form} layout="vertical" onFinish={submit} data-testid="receiver-form">
        <AddressPasteBox names={RECEIVER_FIELDS} />
        <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 12 }}>
          <Form.Item name="receiverName" label={t('ordercommands:receiver.name')} rules={[required('name'), { max: 100, message: t('ordercommands:receiver.tooLong', { max: 100 }) }]}>
            <Input placeholder={order.receiverName ?? ''} autoFocus maxLength={100} />
          </Form.Item>
          <Form.Item
            name="receiverPhone"
            label={t('ordercommands:receiver.phone')}
            rules={[
              required('phone'),
              { validator: (_, v: string | undefined) => (!v || receiverPhoneValid(v) ? Promise.resolve() : Promise.reject(new Error(t('ordercommands:receiver.phoneInvalid')))) },
            ]}
          >
            <Input placeholder={order.receiverPhone ?? ''} maxLength={50} />
          </Form.Item>
          <Form.Item name="receiverZip" label={t('ordercommands:receiver.zip')} rules={[{ max: 20, message: t('ordercommands:receiver.tooLong', { max: 20 }) }]}>
            <Input maxLength={20} />
          </Form.Item>
        </div>
        <AddressFields names={{ ...RECEIVER_FIELDS, detail: undefined }} paste={false} required="city" />
        <Form.Item name="receiverAddress" label={t('ordercommands:receiver.address')} rules={[required('address'), { max: 500, message: t('ordercommands:receiver.tooLong', { max: 500 }) }]}>
          <Input placeholder={order.receiverAddress ?? ''} maxLength={500} />
        </Form.Item>
        {/* Enter in a field submits the form. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
