import { PlaceholderPage } from '@portal/shared/ui';

export function PlannedPage({ messageKey }: { messageKey: string }) {
  return <PlaceholderPage titleId={`${messageKey}.title`} descriptionId={`${messageKey}.description`} />;
}
