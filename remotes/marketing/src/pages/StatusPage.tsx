import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Container,
  Heading,
  HStack,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@portal/shared/chakra';
import { Field, Input } from '@portal/shared/chakra/deferred';
import { zodResolver } from '@hookform/resolvers/zod';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import type { z } from 'zod';
import { useSearchParams } from '@portal/shared/router';
import {
  api,
  type Incident,
  type NetworkStatus,
  STATUS_PRODUCTS,
  type StatusComponent,
  type StatusProduct,
  statusSubscribeBody,
} from '@portal/shared';
import { callApi } from '@portal/shared/browser';
import { applyServerError, fieldMessage, QueryFailure } from '@portal/shared/ui';
import { INCIDENT_PALETTE, SEVERITY_PALETTE, STATE_PALETTE, useHydrated, useNetworkStatus } from '../features/status/queries.ts';

/** A time: the visitor's own clock once the page is live; UTC on the server and while hydrating (same markup both sides). */
function Time({ at }: { at: number }) {
  const hydrated = useHydrated();
  const text = hydrated
    ? dayjs(at).format('YYYY-MM-DD HH:mm [UTC]Z')
    : `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return <time dateTime={new Date(at).toISOString()}>{text}</time>;
}

function useRegionName() {
  const intl = useIntl();
  const names = useRef<Intl.DisplayNames | null>(null);
  return (region: string) => {
    if (region === 'global') return intl.formatMessage({ id: 'marketing.status.region.global' });
    names.current ??= new Intl.DisplayNames([intl.locale], { type: 'region' });
    try {
      return names.current.of(region) ?? region;
    } catch {
      return region;
    }
  };
}

/** `product` or `product:REGION` as people read it. */
function useComponentName() {
  const intl = useIntl();
  const region = useRegionName();
  return (component: string) => {
    const [product, code] = component.split(':');
    const name = intl.formatMessage({ id: `marketing.status.product.${product}` });
    return code ? `${name} · ${region(code)}` : name;
  };
}

function Summary({ data }: { data: NetworkStatus }) {
  if (data.components.length === 0 && data.ongoing.length === 0) {
    return (
      <Alert.Root status="info" data-testid="status-summary" data-state="unknown">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>
            <FormattedMessage id="marketing.status.summary.none" />
          </Alert.Title>
          <Alert.Description>
            <FormattedMessage id="marketing.status.summary.noneText" />
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  const affected = data.ongoing.length > 0 || data.components.some((c) => c.state !== 'operational');
  return (
    <Alert.Root status={affected ? 'warning' : 'success'} data-testid="status-summary" data-state={affected ? 'affected' : 'ok'}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          <FormattedMessage id={affected ? 'marketing.status.summary.affected' : 'marketing.status.summary.ok'} />
        </Alert.Title>
      </Alert.Content>
    </Alert.Root>
  );
}

function IncidentCard({ incident }: { incident: Incident }) {
  const componentName = useComponentName();
  return (
    <Card.Root variant="outline" data-testid={`status-incident-${incident.id}`}>
      <Card.Header gap={2}>
        <HStack gap={2} flexWrap="wrap">
          <Badge colorPalette={INCIDENT_PALETTE[incident.state]} variant="subtle">
            <FormattedMessage id={`marketing.status.incident.${incident.state}`} />
          </Badge>
          <Badge colorPalette={SEVERITY_PALETTE[incident.severity]} variant="outline">
            <FormattedMessage id={`marketing.status.severity.${incident.severity}`} />
          </Badge>
        </HStack>
        <Heading as="h3" size="md">
          {incident.title}
        </Heading>
        {incident.components.length > 0 ? (
          <Text fontSize="sm" color="fg.muted">
            <FormattedMessage
              id="marketing.status.affects"
              values={{ components: incident.components.map(componentName).join('、') }}
            />
          </Text>
        ) : null}
      </Card.Header>
      <Card.Body pt={3}>
        <Stack as="ol" gap={3} listStyleType="none" borderStartWidth="2px" ps={4}>
          {incident.updates.map((u) => (
            <Box as="li" key={`${u.at}-${u.state}`}>
              <Text fontSize="sm" color="fg.muted">
                <Text as="span" fontWeight="semibold" color="fg">
                  <FormattedMessage id={`marketing.status.incident.${u.state}`} />
                </Text>{' '}
                · <Time at={u.at} />
              </Text>
              <Text whiteSpace="pre-line">{u.body}</Text>
            </Box>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function Components({ components }: { components: StatusComponent[] }) {
  const region = useRegionName();
  const byProduct = STATUS_PRODUCTS.map((product) => ({
    product,
    rows: components.filter((c) => c.product === product),
  })).filter((g) => g.rows.length > 0);
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap={4} data-testid="status-components">
      {byProduct.map(({ product, rows }) => (
        <ProductCard key={product} product={product} rows={rows} region={region} />
      ))}
    </SimpleGrid>
  );
}

function ProductCard({
  product,
  rows,
  region,
}: {
  product: StatusProduct;
  rows: StatusComponent[];
  region: (code: string) => string;
}) {
  const last = Math.max(...rows.map((r) => r.reportedAt));
  return (
    <Card.Root variant="outline" data-testid={`status-product-${product}`}>
      <Card.Header>
        <Heading as="h3" size="sm">
          <FormattedMessage id={`marketing.status.product.${product}`} />
        </Heading>
      </Card.Header>
      <Card.Body pt={3}>
        <Stack as="ul" gap={2} listStyleType="none">
          {rows.map((r) => (
            <HStack as="li" key={r.region} justify="space-between" gap={3}>
              <Text>{region(r.region)}</Text>
              <Badge colorPalette={STATE_PALETTE[r.state]} variant="subtle" data-testid={`status-state-${product}-${r.region}`}>
                <FormattedMessage id={`marketing.status.state.${r.state}`} />
              </Badge>
            </HStack>
          ))}
        </Stack>
      </Card.Body>
      <Card.Footer>
        <Text fontSize="sm" color="fg.muted">
          <FormattedMessage id="marketing.status.reportedAt" values={{ time: <Time at={last} /> }} />
        </Text>
      </Card.Footer>
    </Card.Root>
  );
}

type FormInput = z.input<typeof statusSubscribeBody>;
type FormOutput = z.output<typeof statusSubscribeBody>;

function SubscribeForm() {
  const intl = useIntl();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(statusSubscribeBody),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      const result = await callApi(api.statusSubscribe, { body }, { silent: true });
      form.reset({ email: '' });
      setSentTo(result.to);
    } catch (e) {
      const other = applyServerError(e, (name, msg) => form.setError(name as keyof FormInput, { message: msg }));
      if (other) setFailure(other);
      else if (!Object.keys(form.formState.errors).length)
        setFailure(intl.formatMessage({ id: 'marketing.status.subscribe.failed' }));
    }
  });
  return (
    <Card.Root variant="subtle" data-testid="status-subscribe">
      <Card.Body>
        <Stack gap={4}>
          <Stack gap={1}>
            <Heading as="h2" size="lg">
              <FormattedMessage id="marketing.status.subscribe.title" />
            </Heading>
            <Text color="fg.muted">
              <FormattedMessage id="marketing.status.subscribe.text" />
            </Text>
          </Stack>
          {sentTo ? (
            <Alert.Root status="success" data-testid="status-subscribe-sent">
              <Alert.Indicator />
              <Alert.Description>
                <FormattedMessage id="marketing.status.subscribe.sent" values={{ to: sentTo }} />
              </Alert.Description>
            </Alert.Root>
          ) : null}
          {failure ? (
            <Alert.Root status="error" data-testid="status-subscribe-failed">
              <Alert.Indicator />
              <Alert.Description>{failure}</Alert.Description>
            </Alert.Root>
          ) : null}
          <form onSubmit={(e) => void onSubmit(e)} noValidate>
            <Stack direction={{ base: 'column', sm: 'row' }} gap={3} align={{ base: 'stretch', sm: 'flex-start' }}>
              <Field.Root invalid={!!errors.email} required flex="1">
                <Field.Label>
                  <FormattedMessage id="marketing.status.subscribe.email" />
                </Field.Label>
                <Input
                  type="email"
                  maxLength={254}
                  autoComplete="email"
                  bg="bg"
                  data-testid="status-subscribe-email"
                  {...form.register('email')}
                />
                <Field.ErrorText>{fieldMessage(intl, errors.email?.message)}</Field.ErrorText>
              </Field.Root>
              <Button
                type="submit"
                colorPalette="brand"
                loading={isSubmitting}
                mt={{ base: 0, sm: 7 }}
                data-testid="status-subscribe-submit"
              >
                <FormattedMessage id="marketing.status.subscribe.submit" />
              </Button>
            </Stack>
          </form>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** `?confirm=` and `?unsubscribe=` of the links in our mails: acted on once in the browser (never on the server), then dropped from the address bar. */
function LinkAction() {
  const [params, setParams] = useSearchParams();
  const [outcome, setOutcome] = useState<
    { kind: 'confirmed' | 'unsubscribed'; to: string } | { kind: 'failed'; message: string } | null
  >(null);
  const started = useRef(false);
  const confirm = params.get('confirm');
  const leave = params.get('unsubscribe');
  useEffect(() => {
    const token = confirm ?? leave;
    if (!token || started.current) return;
    started.current = true;
    const entry = confirm ? api.statusSubscriptionConfirm : api.statusUnsubscribe;
    callApi(entry, { body: { token } }, { silent: true }).then(
      (r) => setOutcome({ kind: confirm ? 'confirmed' : 'unsubscribed', to: r.to }),
      (e: unknown) => setOutcome({ kind: 'failed', message: e instanceof Error ? e.message : String(e) }),
    );
    setParams({}, { replace: true });
  }, [confirm, leave, setParams]);
  if (!outcome) return null;
  return (
    <Alert.Root status={outcome.kind === 'failed' ? 'error' : 'success'} data-testid="status-link-outcome">
      <Alert.Indicator />
      <Alert.Description>
        {outcome.kind === 'failed' ? (
          outcome.message
        ) : (
          <FormattedMessage id={`marketing.status.link.${outcome.kind}`} values={{ to: outcome.to }} />
        )}
      </Alert.Description>
    </Alert.Root>
  );
}

/** /status: the network's own report of each product and region, incidents ops open, and e-mail updates (decision 0048). */
export default function StatusPage() {
  const status = useNetworkStatus();
  return (
    <Box>
      <Box bg="bg.subtle" borderBottomWidth="1px" py={{ base: 10, md: 14 }}>
        <Container maxW="5xl">
          <Stack gap={3} maxW="3xl">
            <Heading as="h1" size={{ base: '3xl', md: '4xl' }} letterSpacing="tight">
              <FormattedMessage id="marketing.status.heading" />
            </Heading>
            <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
              <FormattedMessage id="marketing.status.lead" />
            </Text>
          </Stack>
        </Container>
      </Box>
      <Container maxW="5xl" py={{ base: 8, md: 12 }}>
        <Stack gap={10}>
          <LinkAction />
          {status.isError ? (
            <QueryFailure onRetry={() => void status.refetch()} />
          ) : status.isPending ? (
            <Stack gap={4} aria-busy="true">
              <Skeleton height="64px" borderRadius="lg" />
              <Skeleton height="200px" borderRadius="lg" />
            </Stack>
          ) : (
            <>
              <Summary data={status.data} />
              {status.data.ongoing.length > 0 ? (
                <Stack as="section" gap={4} aria-labelledby="status-ongoing" data-testid="status-ongoing">
                  <Heading as="h2" size="lg" id="status-ongoing">
                    <FormattedMessage id="marketing.status.ongoing" />
                  </Heading>
                  {status.data.ongoing.map((i) => (
                    <IncidentCard key={i.id} incident={i} />
                  ))}
                </Stack>
              ) : null}
              {status.data.components.length > 0 ? (
                <Stack as="section" gap={4} aria-labelledby="status-components-title">
                  <Heading as="h2" size="lg" id="status-components-title">
                    <FormattedMessage id="marketing.status.components" />
                  </Heading>
                  <Components components={status.data.components} />
                </Stack>
              ) : null}
              <Stack as="section" gap={4} aria-labelledby="status-resolved" data-testid="status-resolved">
                <Heading as="h2" size="lg" id="status-resolved">
                  <FormattedMessage id="marketing.status.resolved" />
                </Heading>
                {status.data.resolved.length === 0 ? (
                  <Text color="fg.muted">
                    <FormattedMessage id="marketing.status.resolvedNone" />
                  </Text>
                ) : (
                  status.data.resolved.map((i) => <IncidentCard key={i.id} incident={i} />)
                )}
              </Stack>
            </>
          )}
          <SubscribeForm />
        </Stack>
      </Container>
    </Box>
  );
}
