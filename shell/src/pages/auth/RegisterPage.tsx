import { PlaceholderPage } from '@portal/shared/ui';

export default function RegisterPage() {
  return <PlaceholderPage titleId="auth.register.title" descriptionId="auth.register.description" />;
}
