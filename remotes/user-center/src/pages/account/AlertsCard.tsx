import { Alert, Button, Card, Heading, HStack, Skeleton, Stack, Text } from '@portal/shared/chakra';
import { Checkbox, Field, Input } from '@portal/shared/chakra/deferred';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { type AlertChannel, type AlertSettings, alertSettingsBody, api } from '@portal/shared';
import { callApi } from '@portal/shared/browser';
import { applyServerError, fieldMessage, message, QueryFailure } from '@portal/shared/ui';

const alertSettingsKey = ['alert-settings'] as const;

/**
 * Low-balance alerts (docs/decisions/0025): a threshold in whole GB or off, and the channels. The
 * same channels carry the "balance used up" and "static IPs expire in 3 days" alerts.
 */
export function AlertsCard() {
  const query = useQuery({ queryKey: alertSettingsKey, queryFn: () => callApi(api.alertSettingsGet) });
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
          <AlertsForm settings={query.data} />
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

  const save = useMutation({
    mutationFn: (body: unknown) => callApi(api.alertSettingsUpdate, { body: body as never }),
    onSuccess: (data) => {
      queryClient.setQueryData(alertSettingsKey, data);
      message('success', intl.formatMessage({ id: 'uc.alerts.saved' }));
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
      alertEmail: needsEmail ? alertEmail : null,
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
              <Field.ErrorText color="red.700">{text(errors.alertEmail)}</Field.ErrorText>
            </Field.Root>
          ) : null}
          {channels.length === 0 ? (
            <Text fontSize="sm" color="fg.muted">
              <FormattedMessage id="uc.alerts.noChannel" />
            </Text>
          ) : null}
        </Stack>

        {errors.form ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{errors.form}</Alert.Title>
          </Alert.Root>
        ) : null}
        <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={save.isPending} data-testid="alerts-save">
          <FormattedMessage id="uc.alerts.save" />
        </Button>
      </Stack>
    </form>
  );
}
