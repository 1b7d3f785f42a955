// The message host of every page (the sign-in page, the public pages and the signed-in shell):
// antd's message API mounted the first time a page shows a toast, so it is not part of any first
// load (the shell's dialogs and notices load the same way, ui/shell-api.tsx).
import { useEffect } from 'react';
import { message } from 'antd';
import { bindToast } from './toast';

const MESSAGE_CONFIG = { top: 72, maxCount: 5 } as const;

export default function ToastHost() {
  const [api, holder] = message.useMessage(MESSAGE_CONFIG);
  useEffect(() => bindToast(api), [api]);
  return holder;
}
