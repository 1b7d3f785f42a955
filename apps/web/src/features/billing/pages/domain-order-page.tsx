// /domainOrder/order: editions (spec 01 §2.2; the edition badge links here).
import { OrderPage } from './order-page';

export default function DomainOrderPage() {
  return <OrderPage type="DOMAIN" />;
}
