// The contact and address fields of a store form (create, edit, offline batch); the address through
// the shared cascader with its paste box (ui/address-fields.tsx).
import { Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { AddressFields } from '../../../ui/address-fields';
import { mobileRules } from '../../../ui/form-rules';

export function StoreContactFields() {
  const { t } = useTranslation();
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="contact" label={t('stores:fields.contact')} rules={[{ max: 50 }]}>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="phone" label={t('stores:fields.phone')} rules={mobileRules(false)}>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="tel" label={t('stores:fields.tel')} rules={[{ pattern: /^[0-9+\-() ]{5,30}$/, message: t('stores:fields.telInvalid') }]}>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
      <AddressFields
        names={{ province: 'province', city: 'city', district: 'county', detail: 'street', name: 'contact', phone: 'phone' }}
        labels={{ detail: t('stores:fields.street') }}
      />
    </>
  );
}

