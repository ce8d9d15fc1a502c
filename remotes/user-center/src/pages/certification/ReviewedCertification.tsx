import { Alert, Box, Button, Container, Heading, HStack, Stack, Text } from '@portal/shared/chakra';
import { Link } from '@portal/shared/router';
import { useLocalePath } from '@portal/shared/ui';
import { type ReactNode, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ReviewOutcome } from './ReviewOutcome.tsx';
import { type CertificationKind, isLocked, KIND_PATHS, useCertification } from './useCertification.ts';

/**
 * A certification an operator reviews (company licence, identity or company documents), the whole
 * page: title, the three steps, then the form, or where the submission stands with what was sent
 * (resubmit after a refusal), or a notice when another kind of certification holds the account.
 */
export function ReviewedCertification({
  titleId,
  maxW,
  kind,
  record,
  successId,
  form,
  submitted,
}: {
  /** Message id of the page's title. */
  titleId: string;
  maxW: string;
  /** The kind this page certifies: when the locked status belongs to another, the page says so. */
  kind: CertificationKind;
  /** This kind's submission, when the status belongs to it. */
  record: { failureReason?: string | null } | null;
  /** Message id of the approval, which names what was certified. */
  successId: string;
  /** The form, told what to do once it has been sent. */
  form: (onSubmitted: () => Promise<void>) => ReactNode;
  /** What was sent, read-only. */
  submitted: ReactNode;
}) {
  const cert = useCertification();
  const [resubmitting, setResubmitting] = useState(false);
  const status = record ? cert.status : 0;
  const step = !record || resubmitting ? 0 : status === 1 || status === 2 ? 1 : 2;
  return (
    <Container maxW={maxW} py={{ base: 6, md: 10 }}>
      <Stack gap={6}>
        <Heading as="h1" size="2xl">
          <FormattedMessage id={titleId} />
        </Heading>
        <Steps current={step} failed={status === 4 && !resubmitting} />
        {cert.loading ? null : isLocked(cert.status) && cert.current !== kind ? (
          <LockedNotice current={cert.current} />
        ) : step === 0 ? (
          form(async () => {
            setResubmitting(false);
            await cert.refresh();
          })
        ) : record ? (
          <ReviewOutcome
            status={status}
            successId={successId}
            failureReason={record.failureReason}
            onResubmit={() => setResubmitting(true)}
          >
            {submitted}
          </ReviewOutcome>
        ) : null}
      </Stack>
    </Container>
  );
}

/** Another certification is in review or approved: nothing here may be sent; a link to it when known. */
export function LockedNotice({ current }: { current: CertificationKind | null }) {
  const to = useLocalePath();
  return (
    <Alert.Root status="info">
      <Alert.Indicator />
      <Alert.Title>
        <FormattedMessage id="uc.certification.locked" />
      </Alert.Title>
      {current ? (
        <Button asChild size="sm" variant="outline">
          <Link to={to(KIND_PATHS[current])}>
            <FormattedMessage id="uc.certification.view" />
          </Link>
        </Button>
      ) : null}
    </Alert.Root>
  );
}

function Steps({ current, failed }: { current: number; failed: boolean }) {
  const intl = useIntl();
  const labels = [
    'uc.certification.step.fill',
    'uc.certification.step.review',
    failed ? 'uc.certification.step.failed' : 'uc.certification.step.done',
  ];
  return (
    <HStack
      as="ol"
      gap={{ base: 2, md: 4 }}
      listStyleType="none"
      aria-label={intl.formatMessage({ id: 'uc.certification.steps' })}
    >
      {labels.map((id, i) => {
        const state = i < current ? 'done' : i === current ? 'current' : 'todo';
        return (
          <HStack as="li" key={id} flex="1" gap={2} aria-current={state === 'current' ? 'step' : undefined}>
            <Box
              w="7"
              h="7"
              flexShrink={0}
              borderRadius="full"
              display="flex"
              alignItems="center"
              justifyContent="center"
              fontSize="sm"
              fontWeight="bold"
              bg={state === 'todo' ? 'bg.muted' : failed && i === 2 ? 'red.solid' : 'brand.solid'}
              color={state === 'todo' ? 'fg.muted' : 'white'}
            >
              {i + 1}
            </Box>
            <Text
              fontSize="sm"
              fontWeight={state === 'current' ? 'semibold' : 'normal'}
              color={state === 'todo' ? 'fg.muted' : 'fg'}
            >
              <FormattedMessage id={id} />
            </Text>
          </HStack>
        );
      })}
    </HStack>
  );
}
