import { Navigate } from 'react-router';

/** /admin itself opens the dashboard. */
export default function AdminIndex() {
  return <Navigate to="dashboard" replace />;
}
