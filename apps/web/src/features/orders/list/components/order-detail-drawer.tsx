// The order drawer of the order list, loaded the first time an order is opened: its edit dialogs
// (receiver with the address cascader, lines with the SKU picker and pictures, the operation log)
// are not part of the order list's first load (issue 20).
import { Suspense } from 'react';
import { lazyComponent, useOnceTrue } from '../../../../app/lazy-page';

// lazyComponent: the drawer's language packs load with its code.
const OrderDetailDrawerContent = lazyComponent(async () => (await import('./order-detail-drawer-content')).default);

export function OrderDetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const seen = useOnceTrue(!!id);
  if (!seen) return null;
  return (
    <Suspense fallback={null}>
      <OrderDetailDrawerContent id={id} onClose={onClose} />
    </Suspense>
  );
}
