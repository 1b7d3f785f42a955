// The signed-in shell's dialogs and notices (antd's modal and notification hooks), loaded with
// their first use: antd's <App>, which mounted them with the message hook on every signed-in first
// load, was ~12 KB of brotli JavaScript the home page does not use. Toasts go through app/toast.ts
// (its host loads with the first toast). `useShellApi()` takes the place of antd's `App.useApp()`.
import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useRef, useState, type Key, type ReactNode } from 'react';
import type { ModalFuncProps } from 'antd/es/modal/interface';
import type { ArgsProps } from 'antd/es/notification/interface';
import type { HookAPI as ModalHookApi } from 'antd/es/modal/useModal';
import type { NotificationInstance } from 'antd/es/notification/interface';

export interface ShellApiInstances {
  modal: ModalHookApi;
  notification: NotificationInstance;
}

type ModalKind = 'confirm' | 'info' | 'success' | 'error' | 'warning';
type NoticeKind = 'success' | 'error' | 'info' | 'warning' | 'open';

/** An open dialog; closing one not yet shown (its code still loading) keeps it from showing. */
export interface DialogHandle {
  destroy: () => void;
}

export interface ShellApi {
  modal: Record<ModalKind, (config: ModalFuncProps) => DialogHandle>;
  notification: Record<NoticeKind, (args: ArgsProps) => void> & { destroy: (key?: Key) => void };
}

const ShellApiHost = lazy(() => import('./shell-api-host'));

const ShellApiContext = createContext<ShellApi | null>(null);

/** antd's modal and notification for the pages inside the signed-in shell. */
export function useShellApi(): ShellApi {
  const api = useContext(ShellApiContext);
  if (!api) throw new Error('useShellApi outside the signed-in shell');
  return api;
}

export function ShellApiProvider({ className, children }: { className?: string; children: ReactNode }) {
  const [wanted, setWanted] = useState(false);
  const instances = useRef<ShellApiInstances | null>(null);
  const waiting = useRef<Array<(api: ShellApiInstances) => void>>([]);

  const run = useCallback((call: (api: ShellApiInstances) => void) => {
    if (instances.current) {
      call(instances.current);
      return;
    }
    waiting.current.push(call);
    setWanted(true);
  }, []);

  const onReady = useCallback((api: ShellApiInstances | null) => {
    instances.current = api;
    if (!api) return;
    const calls = waiting.current;
    waiting.current = [];
    for (const call of calls) call(api);
  }, []);

  const value = useMemo<ShellApi>(() => {
    const modalCall =
      (kind: ModalKind) =>
      (config: ModalFuncProps): DialogHandle => {
        let shown: DialogHandle | null = null;
        let closed = false;
        run((api) => {
          if (!closed) shown = api.modal[kind](config);
        });
        return {
          destroy: () => {
            closed = true;
            shown?.destroy();
          },
        };
      };
    const noticeCall = (kind: NoticeKind) => (args: ArgsProps) => run((api) => api.notification[kind](args));
    return {
      modal: { confirm: modalCall('confirm'), info: modalCall('info'), success: modalCall('success'), error: modalCall('error'), warning: modalCall('warning') },
      notification: {
        success: noticeCall('success'),
        error: noticeCall('error'),
        info: noticeCall('info'),
        warning: noticeCall('warning'),
        open: noticeCall('open'),
        // Nothing shown before the host loads: nothing to close.
        destroy: (key?: Key) => instances.current?.notification.destroy(key),
      },
    };
  }, [run]);

  return (
    <ShellApiContext.Provider value={value}>
      <div className={className}>
        {wanted && (
          <Suspense fallback={null}>
            <ShellApiHost onReady={onReady} />
          </Suspense>
        )}
        {children}
      </div>
    </ShellApiContext.Provider>
  );
}
