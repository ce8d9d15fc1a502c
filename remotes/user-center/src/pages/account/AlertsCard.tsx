import { Button, Card, Heading, HStack, Skeleton, Stack, Text } from '@portal/shared/chakra';
import { Checkbox, Field, Input } from '@portal/shared/chakra/deferred';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  type AlertChannel,
  type AlertSettings,
  alertEmailConfirmBody,
  alertSettingsBody,
  api,
  CODE_RESEND_SECONDS,
} from '@portal/shared';
import { callApi, NO_ERROR_PAGE } from '@portal/shared/browser';
import {
  ActionFailure,
  applyServerError,
  fieldMessage,
  message,
  QueryFailure,
  RoleLimitNote,
  useTeamCan,
} from '@portal/shared/ui';

const alertSettingsKey = ['alert-settings'] as const;

/**
 * Low-balance alerts (docs/decisions/0025): a threshold in whole GB or off, and the channels. The
 * same channels carry the "balance used up" and "static IPs expire in 3 days" alerts. An alert
 * address that is not the account's own waits for the code sent to it before any alert goes there.
 */
export function AlertsCard() {
  // One card of the account page: it shows its own failure.
  const canChange = useTeamCan('alerts');
  const query = useQuery({ queryKey: alertSettingsKey, queryFn: () => callApi(api.alertSettingsGet), meta: NO_ERROR_PAGE });
  return (
    <Card.Root data-testid="alerts-card">
      <Card.Header>
        <Heading as="h2" size="lg">
          <FormattedMessage id="uc.alerts.title" />
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          <FormattedMessage id="uc.alerts.lead" />
        </Text>
      </Card.Header>
      <Card.Body>
        {query.isError ? (
          <QueryFailure onRetry={() => void query.refetch()} />
        ) : query.data ? (
          canChange ? (
            <AlertsForm settings={query.data} />
          ) : (
            // A role without alerts (decision 0054) reads the team's settings, every control disabled.
            <Stack gap={4}>
              <RoleLimitNote permission="alerts" testId="alerts-role-limit" />
              <fieldset disabled style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
                <AlertsForm settings={query.data} />
              </fieldset>
            </Stack>
          )
        ) : (
          <Skeleton h="40" borderRadius="l2" />
        )}
      </Card.Body>
    </Card.Root>
  );
}

type Errors = Partial<Record<'thresholdGb' | 'alertEmail' | 'form', string>>;

function AlertsForm({ settings }: { settings: AlertSettings }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [enabled, setEnabled] = useState(settings.thresholdGb !== null);
  const [threshold, setThreshold] = useState(settings.thresholdGb === null ? '' : String(settings.thresholdGb));
  const [channels, setChannels] = useState<AlertChannel[]>(settings.channels);
  const [alertEmail, setAlertEmail] = useState(settings.alertEmail ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const needsEmail = channels.includes('email') && !settings.accountEmail;
  const text = (m: string | undefined) => fieldMessage(intl, m);

  const [codeSentAt, setCodeSentAt] = useState<number | null>(null);
  const save = useMutation({
    mutationFn: (body: unknown) => callApi(api.alertSettingsUpdate, { body: body as never }),
    onSuccess: (data) => {
      const newAddress = data.alertEmail !== null && data.alertEmail !== settings.alertEmail;
      queryClient.setQueryData(alertSettingsKey, data);
      if (newAddress) setCodeSentAt(Date.now());
      if (data.alertEmail && !data.alertEmailConfirmed && data.channels.includes('email')) {
        message('success', intl.formatMessage({ id: 'uc.alerts.savedPending' }, { email: data.alertEmail }));
      } else {
        message('success', intl.formatMessage({ id: 'uc.alerts.saved' }));
      }
    },
    onError: (e) => {
      const next: Errors = {};
      const failure = applyServerError(e, (name, msg) => {
        if (name === 'thresholdGb' || name === 'alertEmail') next[name] = msg;
      });
      if (failure) next.form = failure;
      setErrors(next);
    },
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body = {
      thresholdGb: enabled ? (/^\s*\d+\s*$/.test(threshold) ? Number(threshold) : Number.NaN) : null,
      channels,
      // E-mail switched off keeps the saved address (and its confirmation) for when it is switched on again.
      alertEmail: needsEmail ? alertEmail : settings.accountEmail ? null : settings.alertEmail,
    };
    const parsed = alertSettingsBody.safeParse(body);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'thresholdGb' || field === 'alertEmail') next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    if (needsEmail && !parsed.data.alertEmail) {
      setErrors({ alertEmail: 'uc.alerts.emailRequired' });
      return;
    }
    setErrors({});
    save.mutate(body);
  };

  const typed = alertEmail.trim().toLowerCase();
  const saved = needsEmail && settings.alertEmail !== null && typed === settings.alertEmail;
  const toggle = (channel: AlertChannel, on: boolean) =>
    setChannels((c) => (on ? [...new Set([...c, channel])] : c.filter((x) => x !== channel)));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap={5} maxW="lg">
        <Stack gap={2}>
          <Checkbox.Root
            colorPalette="brand"
            checked={enabled}
            onCheckedChange={(d) => setEnabled(d.checked === true)}
            data-testid="alerts-threshold-on"
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>
              <FormattedMessage id="uc.alerts.thresholdOn" />
            </Checkbox.Label>
          </Checkbox.Root>
          {enabled ? (
            <Field.Root invalid={!!errors.thresholdGb} required>
              <Field.Label>
                <FormattedMessage id="uc.alerts.threshold" />
              </Field.Label>
              <HStack maxW="xs">
                <Input
                  inputMode="numeric"
                  value={threshold}
                  onChange={(e) => setThreshold(e.target.value)}
                  data-testid="alerts-threshold"
                />
                <Text>GB</Text>
              </HStack>
              {errors.thresholdGb ? (
                <Field.ErrorText color="red.700">{text(errors.thresholdGb)}</Field.ErrorText>
              ) : (
                <Field.HelperText>
                  <FormattedMessage id="uc.alerts.thresholdHint" />
                </Field.HelperText>
              )}
            </Field.Root>
          ) : null}
        </Stack>

        <Stack gap={2} as="fieldset" border="0" p={0} m={0} minW={0}>
          <Text as="legend" fontWeight="medium" mb={1}>
            <FormattedMessage id="uc.alerts.channels" />
          </Text>
          <Checkbox.Root
            colorPalette="brand"
            checked={channels.includes('sms')}
            disabled={!settings.mobile}
            onCheckedChange={(d) => toggle('sms', d.checked === true)}
            data-testid="alerts-channel-sms"
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>
              {settings.mobile ? (
                <FormattedMessage id="uc.alerts.sms" values={{ mobile: settings.mobile }} />
              ) : (
                <FormattedMessage id="uc.alerts.smsUnavailable" />
              )}
            </Checkbox.Label>
          </Checkbox.Root>
          <Checkbox.Root
            colorPalette="brand"
            checked={channels.includes('email')}
            onCheckedChange={(d) => toggle('email', d.checked === true)}
            data-testid="alerts-channel-email"
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>
              {settings.accountEmail ? (
                <FormattedMessage id="uc.alerts.email" values={{ email: settings.accountEmail }} />
              ) : (
                <FormattedMessage id="uc.alerts.emailOther" />
              )}
            </Checkbox.Label>
          </Checkbox.Root>
          {needsEmail ? (
            <Field.Root invalid={!!errors.alertEmail} required>
              <Field.Label>
                <FormattedMessage id="uc.alerts.emailAddress" />
              </Field.Label>
              <Input
                type="email"
                autoComplete="email"
                value={alertEmail}
                onChange={(e) => setAlertEmail(e.target.value)}
                data-testid="alerts-email"
              />
              {errors.alertEmail ? (
                <Field.ErrorText color="red.700">{text(errors.alertEmail)}</Field.ErrorText>
              ) : (
                <Field.HelperText data-testid={saved && settings.alertEmailConfirmed ? 'alerts-email-confirmed' : undefined}>
                  <FormattedMessage
                    id={saved && settings.alertEmailConfirmed ? 'uc.alerts.emailConfirmed' : 'uc.alerts.emailHint'}
                  />
                </Field.HelperText>
              )}
            </Field.Root>
          ) : null}
          {saved && !settings.alertEmailConfirmed && settings.alertEmail ? (
            <ConfirmEmail email={settings.alertEmail} codeSentAt={codeSentAt} onCodeSent={() => setCodeSentAt(Date.now())} />
          ) : null}
          {channels.length === 0 ? (
            <Text fontSize="sm" color="fg.muted">
              <FormattedMessage id="uc.alerts.noChannel" />
            </Text>
          ) : null}
        </Stack>

        <ActionFailure message={errors.form} />
        <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={save.isPending} data-testid="alerts-save">
          <FormattedMessage id="uc.alerts.save" />
        </Button>
      </Stack>
    </form>
  );
}

/** Seconds left before another code may be asked for (the server allows one per 60 s per address). */
function useSecondsLeft(since: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === null) return;
    const until = since + CODE_RESEND_SECONDS * 1000;
    setNow(Date.now());
    const timer = setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= until) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [since]);
  return since === null ? 0 : Math.max(0, Math.ceil((since + CODE_RESEND_SECONDS * 1000 - now) / 1000));
}

/** A refusal to show under the code field: the field error of a 400, or the business message. */
function problemOf(error: unknown): string | undefined {
  let field: string | undefined;
  const other = applyServerError(error, (_name, msg) => {
    field = msg;
  });
  return field ?? other ?? undefined;
}

/**
 * The alert address waits for its code: no alert goes there until it is entered. Part of the
 * settings form (no nested form): its buttons are plain buttons and Enter in the code field confirms.
 */
function ConfirmEmail({ email, codeSentAt, onCodeSent }: { email: string; codeSentAt: number | null; onCodeSent: () => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const wait = useSecondsLeft(codeSentAt);

  const confirm = useMutation({
    mutationFn: (body: { code: string }) => callApi(api.alertEmailConfirm, { body }),
    onSuccess: (data) => {
      queryClient.setQueryData(alertSettingsKey, data);
      message('success', intl.formatMessage({ id: 'uc.alerts.confirmed' }, { email }));
    },
    onError: (e) => setError(problemOf(e)),
  });
  const resend = useMutation({
    mutationFn: () => callApi(api.alertEmailSendCode),
    onSuccess: (data) => {
      queryClient.setQueryData(alertSettingsKey, data);
      onCodeSent();
      setError(undefined);
      message('success', intl.formatMessage({ id: 'uc.alerts.codeSent' }, { email }));
    },
    onError: (e) => setError(problemOf(e)),
  });

  const submit = () => {
    const parsed = alertEmailConfirmBody.safeParse({ code });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    confirm.mutate(parsed.data);
  };

  return (
    <Stack gap={3} borderWidth="1px" borderColor="orange.300" borderRadius="l2" p={4} data-testid="alerts-email-pending">
      <Stack gap={1}>
        <Text fontWeight="medium">
          <FormattedMessage id="uc.alerts.pendingTitle" />
        </Text>
        <Text fontSize="sm">
          <FormattedMessage id="uc.alerts.pendingText" values={{ email }} />
        </Text>
      </Stack>
      <Field.Root invalid={!!error} required>
        <Field.Label>
          <FormattedMessage id="uc.alerts.code" />
        </Field.Label>
        <HStack w="full" align="flex-start" flexWrap="wrap">
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            maxW="40"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                submit();
              }
            }}
            data-testid="alerts-email-code"
          />
          <Button
            type="button"
            colorPalette="brand"
            onClick={submit}
            loading={confirm.isPending}
            data-testid="alerts-email-confirm"
          >
            <FormattedMessage id="uc.alerts.confirm" />
          </Button>
          <Button
            type="button"
            variant="outline"
            onClick={() => resend.mutate()}
            loading={resend.isPending}
            disabled={wait > 0}
            data-testid="alerts-email-resend"
          >
            {wait > 0 ? (
              <FormattedMessage id="uc.alerts.resendIn" values={{ seconds: wait }} />
            ) : (
              <FormattedMessage id="uc.alerts.resend" />
            )}
          </Button>
        </HStack>
        <Field.ErrorText color="red.700">{fieldMessage(intl, error)}</Field.ErrorText>
      </Field.Root>
    </Stack>
  );
}
