// antd's modal and notification hooks, mounted the first time the shell shows a dialog or a
// notice (ui/shell-api.tsx).
import { useEffect } from 'react';
import useModal from 'antd/es/modal/useModal';
import useNotification from 'antd/es/notification/useNotification';
import type { ShellApiInstances } from './shell-api';

export default function ShellApiHost({ onReady }: { onReady: (api: ShellApiInstances | null) => void }) {
  const [modal, modalHolder] = useModal();
  const [notificationApi, notificationHolder] = useNotification();
  useEffect(() => {
    onReady({ modal, notification: notificationApi });
    return () => onReady(null);
  }, [modal, notificationApi, onReady]);
  return (
    <>
      {modalHolder}
      {notificationHolder}
    </>
  );
}
