import { ErrorPage } from './ErrorPage.tsx';

export function NotFoundPage() {
  return <ErrorPage kind="404" />;
}
