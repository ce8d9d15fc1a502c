import { Button, Card, Container, Heading, Skeleton, Stack, Text } from '@portal/shared/chakra';
import { useMutation, useQuery } from '@tanstack/react-query';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from '@portal/shared/router';
import { api, invitationToken } from '@portal/shared';
import { ApiError, callApi, refreshUserInfo } from '@portal/shared/browser';
import { QueryFailure, useLocalePath } from '@portal/shared/ui';

/**
 * Accepting an invitation (decision 0053). A member page: a visitor not signed in is sent to the
 * login page (with a way to sign up) and comes back here; the signed-in account must be the one with
 * the mobile number or e-mail address invited.
 */
export default function JoinTeamPage() {
  const intl = useIntl();
  const to = useLocalePath();
  const [params] = useSearchParams();
  const parsed = invitationToken.safeParse(params.get('token') ?? '');
  const token = parsed.success ? parsed.data : null;
  const preview = useQuery({
    queryKey: ['team-invitation', token],
    queryFn: () => callApi(api.teamInvitationGet, { query: { token: token ?? '' } }, { silent: true }),
    enabled: token !== null,
    meta: { errorPage: false },
    retry: false,
  });
  const accept = useMutation({
    mutationFn: async () => {
      await callApi(api.teamInvitationAccept, { body: { token: token ?? '' } }, { silent: true });
      await refreshUserInfo();
    },
    // Another team's data from now on: a full load leaves nothing of the previous one cached.
    onSuccess: () => window.location.assign(to('/admin/dashboard')),
  });
  const failure = (e: unknown) => (e instanceof ApiError ? e.message : intl.formatMessage({ id: 'uc.team.joinFail' }));
  return (
    <Container maxW="xl" py={{ base: 6, md: 10 }}>
      <Stack gap={6}>
        <Heading as="h1" size="2xl">
          <FormattedMessage id="shared.page.teamJoin" />
        </Heading>
        <Card.Root data-testid="team-join">
          <Card.Body>
            {token === null ? (
              <Text data-testid="team-join-invalid">{intl.formatMessage({ id: 'uc.team.joinInvalid' })}</Text>
            ) : preview.isLoading ? (
              <Skeleton h="24" aria-busy="true" aria-label={intl.formatMessage({ id: 'uc.team.loading' })} />
            ) : preview.isError ? (
              preview.error instanceof ApiError && preview.error.kind === 'business' ? (
                <Text data-testid="team-join-invalid">{preview.error.message}</Text>
              ) : (
                <QueryFailure onRetry={() => void preview.refetch()} />
              )
            ) : preview.data ? (
              <Stack gap={4}>
                <Text data-testid="team-join-offer">
                  <FormattedMessage
                    id="uc.team.joinOffer"
                    values={{
                      team: preview.data.teamName,
                      role: intl.formatMessage({ id: `shared.team.role.${preview.data.role}` }),
                    }}
                  />
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  <FormattedMessage
                    id="uc.team.joinFor"
                    values={{
                      destination: preview.data.destination,
                      date: <FormattedDate value={preview.data.expiresAt} dateStyle="medium" timeStyle="short" />,
                    }}
                  />
                </Text>
                {accept.isError ? (
                  <Text color="fg.error" role="alert" data-testid="team-join-error">
                    {failure(accept.error)}
                  </Text>
                ) : null}
                <Button
                  colorPalette="brand"
                  alignSelf="flex-start"
                  loading={accept.isPending}
                  onClick={() => accept.mutate()}
                  data-testid="team-join-accept"
                >
                  <FormattedMessage id="uc.team.joinAccept" />
                </Button>
              </Stack>
            ) : null}
          </Card.Body>
        </Card.Root>
      </Stack>
    </Container>
  );
}
