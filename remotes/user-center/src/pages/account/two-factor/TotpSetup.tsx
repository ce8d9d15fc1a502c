import { Box, Button, Code, Link as ChakraLink, Skeleton, Stack, Text } from '@portal/shared/chakra';
import { Field, Input } from '@portal/shared/chakra/deferred';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { api, totpCode } from '@portal/shared';
import { ApiError, callApi } from '@portal/shared/browser';
import { fieldMessage, QueryFailure } from '@portal/shared/ui';

/** A base32 secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Setting up an authenticator app: the QR code to scan from another device, and for a phone that
 * cannot scan its own screen the secret as text and an otpauth:// link that opens the app; then the
 * first code turns two factors on and answers the recovery codes.
 */
export function TotpSetup({ onEnabled, onCancel }: { onEnabled: (recoveryCodes: string[]) => void; onCancel: () => void }) {
  const intl = useIntl();
  const enrolment = useQuery({
    queryKey: ['two-factor', 'enrolment'],
    queryFn: () => callApi(api.twoFactorTotpStart, undefined, { silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirm = useMutation({
    mutationFn: (value: string) => callApi(api.twoFactorTotpConfirm, { body: { code: value } }),
    onSuccess: (data) => onEnabled(data.recoveryCodes),
    onError: (e) =>
      setError(e instanceof ApiError && e.kind === 'business' ? e.message : intl.formatMessage({ id: 'uc.twoFactor.failed' })),
  });
  const submit = () => {
    const parsed = totpCode.safeParse(code);
    setError(parsed.success ? null : (fieldMessage(intl, parsed.error.issues[0]?.message) ?? null));
    if (parsed.success) confirm.mutate(parsed.data);
  };
  if (enrolment.isLoading) {
    return (
      <Stack gap={2} aria-busy="true" aria-label={intl.formatMessage({ id: 'uc.twoFactor.loading' })}>
        <Skeleton h="40" w="40" />
        <Skeleton h="10" />
      </Stack>
    );
  }
  if (enrolment.isError || !enrolment.data) return <QueryFailure onRetry={() => void enrolment.refetch()} />;
  const { qrSvg, secret, otpauthUrl } = enrolment.data;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      data-testid="totp-setup"
    >
      <Stack gap={4}>
        <Text>
          <FormattedMessage id="uc.twoFactor.scan" />
        </Text>
        <Box w="44" h="44" bg="white" p={1} borderRadius="md">
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg)}`}
            alt={intl.formatMessage({ id: 'uc.twoFactor.qrAlt' })}
            width={168}
            height={168}
            data-testid="totp-qr"
          />
        </Box>
        <Text fontSize="sm">
          <FormattedMessage id="uc.twoFactor.manual" />
        </Text>
        <Code fontSize="md" p={2} wordBreak="break-all" data-testid="totp-secret" data-secret={secret}>
          {grouped(secret)}
        </Code>
        <ChakraLink href={otpauthUrl} color="brand.fg" fontSize="sm">
          <FormattedMessage id="uc.twoFactor.openApp" />
        </ChakraLink>
        <Field.Root invalid={error !== null} required maxW="xs">
          <Field.Label>
            <FormattedMessage id="uc.twoFactor.firstCode" />
          </Field.Label>
          <Input
            value={code}
            onChange={(e) => setCode(e.target.value)}
            inputMode="numeric"
            autoComplete="one-time-code"
            data-testid="totp-first-code"
          />
          {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
        </Field.Root>
        <Stack direction="row" gap={3} flexWrap="wrap">
          <Button type="submit" colorPalette="brand" loading={confirm.isPending} data-testid="totp-confirm">
            <FormattedMessage id="uc.twoFactor.turnOn" />
          </Button>
          <Button variant="ghost" onClick={onCancel}>
            <FormattedMessage id="uc.twoFactor.cancel" />
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}
