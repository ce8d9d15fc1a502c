import { Navigate } from '@portal/shared/router';

/** /admin itself opens the dashboard. */
export default function AdminIndex() {
  return <Navigate to="dashboard" replace />;
}
