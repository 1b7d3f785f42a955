// The message host of pages outside the signed-in shell (the sign-in page and the other public
// pages): antd's message API mounted the first time such a page shows a toast, so antd's App
// (its modal, notification and message: 30 KB) is not part of the sign-in page's first load.
import { useEffect } from 'react';
import { message } from 'antd';
import { bindFallbackToast } from './toast';

/** The same settings as the shell's <App message={...}>. */
export const MESSAGE_CONFIG = { top: 72, maxCount: 5 } as const;

export default function ToastHost() {
  const [api, holder] = message.useMessage(MESSAGE_CONFIG);
  useEffect(() => bindFallbackToast(api), [api]);
  return holder;
}
