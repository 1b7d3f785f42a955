// /storeOrder/failure.
import { FailurePage } from './failure-page';

export default function StoreFailurePage() {
  return <FailurePage type="STORE" />;
}
