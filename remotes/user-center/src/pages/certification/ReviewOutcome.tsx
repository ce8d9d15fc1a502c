import { Alert, Button, Stack } from '@portal/shared/chakra';
import { ContinueLink } from '@portal/shared/ui';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/**
 * Where a certification reviewed by an operator stands (company licence, identity or company
 * documents): approved, refused with the reviewer's reason and a way to submit again, or in review.
 * In review or approved the buyer can go back to what they were doing; `children` show what was sent.
 */
export function ReviewOutcome({
  status,
  successId,
  failureReason,
  onResubmit,
  children,
}: {
  status: number | null | undefined;
  /** Message id of the approval, which names what was certified. */
  successId: string;
  failureReason: string | null | undefined;
  onResubmit: () => void;
  children: ReactNode;
}) {
  return (
    <Stack gap={4}>
      {status === 3 ? (
        <Alert.Root status="success" data-testid="cert-success">
          <Alert.Indicator />
          <Alert.Title>
            <FormattedMessage id={successId} />
          </Alert.Title>
        </Alert.Root>
      ) : status === 4 ? (
        <Alert.Root status="error" data-testid="cert-failed" flexWrap="wrap">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              <FormattedMessage id="uc.certification.company.failed" />
            </Alert.Title>
            <Alert.Description data-testid="failure-reason">{failureReason}</Alert.Description>
          </Alert.Content>
          <Button size="sm" colorPalette="brand" onClick={onResubmit}>
            <FormattedMessage id="uc.certification.resubmit" />
          </Button>
        </Alert.Root>
      ) : (
        <Alert.Root status="warning" data-testid="cert-review">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              <FormattedMessage id="uc.certification.company.review" />
            </Alert.Title>
            <Alert.Description>
              <FormattedMessage id="uc.certification.company.reviewTime" />
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {status === 4 ? null : <ContinueLink />}
      {children}
    </Stack>
  );
}
