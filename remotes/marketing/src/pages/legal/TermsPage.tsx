import { LegalDocument } from './LegalDocument.tsx';

export default function TermsPage() {
  return <LegalDocument prefix="marketing.terms" sections={6} updated="2026-11-21" />;
}
