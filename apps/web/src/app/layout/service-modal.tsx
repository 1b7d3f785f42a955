// The customer-service entries of the header. This installation has no connection to a vendor's
// support desk, so each entry says so and points to what the owner can do instead.
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';

export function ServiceModal({ kind, onClose }: { kind: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={!!kind} title={kind ? t(`nav:service.${kind}`) : ''} onCancel={onClose} onOk={onClose} cancelButtonProps={{ style: { display: 'none' } }} width={520} maskClosable={false}>
      <p>{t('nav:service.notConnected')}</p>
    </Modal>
  );
}
