import { LegalDocument } from './LegalDocument.tsx';

export default function PrivacyPage() {
  return <LegalDocument prefix="marketing.privacy" sections={6} updated="2026-11-21" />;
}
