// /stocks/createStockAftersale: a return (after-sale) inbound notice, ASN_AFTERSALE.
import { AsnFormPage } from './asn-form-page';

export default function CreateStockAftersalePage() {
  return <AsnFormPage afterSale />;
}
