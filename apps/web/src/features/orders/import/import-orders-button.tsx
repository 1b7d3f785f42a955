// "Import orders" on the create-order page: opens the order import dialog (with its template manager).
import { useState } from 'react';
import { Button } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { OrderImportModal } from './components/order-import-modal';

export function ImportOrdersButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)}>
        {t('orderimport:button')}
      </Button>
      <OrderImportModal open={open} onClose={() => setOpen(false)} />
    </>
  );
}
