import { DocumentCertification } from './DocumentCertification.tsx';

/** /admin/auth/company/overseas: a company registered outside mainland China, reviewed by ops. */
export default function CompanyDocumentPage() {
  return <DocumentCertification subject="company" />;
}
