// The search form above a list: the page's fields inline, then Search and Reset. Search hands the
// values to the page (which keeps them in its list state); Reset empties the fields and the page
// goes back to its defaults.
import type { ReactNode } from 'react';
import { Button, Card, Form, Space } from 'antd';
import { useTranslation } from 'react-i18next';

export function FilterBar<Values extends object>(props: {
  initialValues: Partial<Values>;
  onSearch: (values: Values) => void;
  onReset: () => void;
  /** The Form.Items of the filters. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  return (
    <Card size="small" style={{ marginBottom: 16 }}>
      <Form form={form} layout="inline" initialValues={props.initialValues} onFinish={props.onSearch}>
        {props.children}
        <Space>
          <Button type="primary" htmlType="submit">
            {t('common:actions.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              props.onReset();
            }}
          >
            {t('common:actions.reset')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
