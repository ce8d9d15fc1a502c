import { PlaceholderPage } from '@portal/shared/ui';

export default function ForgotPasswordPage() {
  return <PlaceholderPage titleId="auth.forgot.title" descriptionId="auth.forgot.description" />;
}
