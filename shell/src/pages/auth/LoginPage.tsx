import { PlaceholderPage } from '@portal/shared/ui';

export default function LoginPage() {
  return <PlaceholderPage titleId="auth.login.title" descriptionId="auth.login.description" />;
}
