import { DocumentCertification } from './DocumentCertification.tsx';

/** /admin/auth/personal/document: a passport or another government ID, reviewed by ops. */
export default function PersonDocumentPage() {
  return <DocumentCertification subject="person" />;
}
