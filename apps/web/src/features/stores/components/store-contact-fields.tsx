// The contact and address fields of a store form (create, edit, offline batch).
import { Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
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
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="province" label={t('stores:fields.province')} rules={[{ max: 50 }]}>
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="city" label={t('stores:fields.city')} rules={[{ max: 50 }]}>
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="county" label={t('stores:fields.county')} rules={[{ max: 50 }]}>
            <Input />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="street" label={t('stores:fields.street')} rules={[{ max: 200 }]}>
        <Input />
      </Form.Item>
    </>
  );
}

