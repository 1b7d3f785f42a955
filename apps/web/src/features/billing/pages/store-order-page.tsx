// /storeOrder/order: store packs (spec 01 §2.2).
import { OrderPage } from './order-page';

export default function StoreOrderPage() {
  return <OrderPage type="STORE" />;
}
