import { LegalDocument } from './legal-document';

export default function ProtocolPage() {
  return <LegalDocument name="protocol" />;
}
