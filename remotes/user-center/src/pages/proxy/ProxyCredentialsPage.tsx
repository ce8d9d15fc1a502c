import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Code,
  Container,
  Heading,
  HStack,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@portal/shared/chakra';
import { Field, Input, RadioGroup, Textarea } from '@portal/shared/chakra/deferred';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import {
  api,
  type CredentialIssue,
  curlCommand,
  EXTENDED_MINUTES,
  formatTraffic,
  generateLines,
  type LineFormat,
  type ProxyAccount,
  type ProxyProtocol,
  STICKY_MINUTES,
  type SessionMode,
  toCsv,
} from '@portal/shared';
import { ApiError, authStore, callApi, isCertified, remainingFlow, downloadText } from '@portal/shared/browser';
import { CertificationNotice, message, NoFlowNotice, QueryFailure } from '@portal/shared/ui';
import { copyText } from '@portal/shared/ui';
import { defaultForm, type GeneratorForm, MAX_COUNT, readForm } from './generatorForm.ts';
import { SelectField } from './SelectField.tsx';

const accountsKey = ['proxy', 'accounts'] as const;
const FORMATS: LineFormat[] = ['host:port:user:pass', 'user:pass@host:port', 'protocol://user:pass@host:port'];
const PROTOCOLS: ProxyProtocol[] = ['http', 'https', 'socks5'];
const SESSIONS: SessionMode[] = ['rotating', 'sticky', 'extended'];

/**
 * /admin/account-password-auth: proxy accounts and the endpoint generator (SPEC sections 1, 3, 5).
 * The username is built by the shared credentials module, the one definition the gateway's
 * verification also parses.
 */
export default function ProxyCredentialsPage() {
  const intl = useIntl();
  const auth = useSnapshot(authStore);
  const accounts = useQuery({ queryKey: accountsKey, queryFn: () => callApi(api.proxyAccountList) });
  // Generating is always allowed (users prepare their setup); the notices above say what is missing.
  const blocked =
    auth.userInfo !== null && (remainingFlow(auth) <= 0 || (accounts.data?.certificationRequired === true && !isCertified(auth)));

  return (
    <Container maxW="6xl" py={{ base: 6, md: 10 }}>
      <Stack gap={6}>
        <Stack gap={1}>
          <Heading as="h1" size="2xl">
            <FormattedMessage id="uc.proxyAuth.title" />
          </Heading>
          <Text color="fg.muted">
            <FormattedMessage id="uc.proxy.lead" />
          </Text>
        </Stack>
        <NoFlowNotice />
        <CertificationNotice />
        {accounts.isError ? (
          <QueryFailure onRetry={() => void accounts.refetch()} />
        ) : accounts.isPending ? (
          <Skeleton height="320px" borderRadius="l3" />
        ) : (
          <>
            <Generator accounts={accounts.data.accounts} endpoints={accounts.data.endpoints} blocked={blocked} />
            <AccountsCard accounts={accounts.data.accounts} />
          </>
        )}
        <Text fontSize="sm" color="fg.muted">
          {intl.formatMessage({ id: 'uc.proxy.overseas' })}
        </Text>
      </Stack>
    </Container>
  );
}

type Endpoints = Awaited<ReturnType<typeof callApi<typeof api.proxyAccountList>>>['endpoints'];

function Generator({ accounts, endpoints, blocked }: { accounts: ProxyAccount[]; endpoints: Endpoints; blocked: boolean }) {
  const intl = useIntl();
  const lang = intl.locale === 'en' ? 'en' : 'zh-CN';
  const main = accounts.find((a) => a.main) ?? accounts[0];
  const [form, setForm] = useState<GeneratorForm>(() => defaultForm(String(main?.id ?? ''), endpoints[0]?.area ?? ''));
  const [lines, setLines] = useState<string[]>([]);
  const [issues, setIssues] = useState<CredentialIssue[]>([]);
  const set = <K extends keyof GeneratorForm>(key: K, value: GeneratorForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  const countries = useQuery({ queryKey: ['proxy', 'countries'], queryFn: () => callApi(api.countryList), staleTime: Infinity });
  const areas = useQuery({
    queryKey: ['proxy', 'areas', form.country],
    queryFn: () => callApi(api.areaList, { query: { countryCode: form.country } }),
    enabled: form.country !== '',
    staleTime: Infinity,
  });
  const areaCode = areas.data?.find((a) => a.token === form.state)?.code ?? '';
  const cities = useQuery({
    queryKey: ['proxy', 'cities', form.country, areaCode],
    queryFn: () => callApi(api.cityList, { query: { countryCode: form.country, areaCode } }),
    enabled: areaCode !== '',
    staleTime: Infinity,
  });

  const account = accounts.find((a) => String(a.id) === form.accountId) ?? main;
  const endpoint = endpoints.find((e) => e.area === form.endpointArea) ?? endpoints[0];
  const sortedCountries = useMemo(
    () => [...(countries.data ?? [])].sort((a, b) => a.name[lang].localeCompare(b.name[lang], intl.locale)),
    [countries.data, lang, intl.locale],
  );

  const generate = () => {
    if (!account || !endpoint) return;
    const read = readForm(form, account.username);
    setIssues(read.issues);
    if (read.issues.length > 0) {
      setLines([]);
      return;
    }
    setLines(
      generateLines({
        params: read.params,
        password: account.password,
        endpoint: { host: endpoint.host, port: endpoint.ports[form.protocol] },
        protocol: form.protocol,
        format: form.format,
        count: read.count,
      }),
    );
  };

  const issueText = (issue: CredentialIssue) =>
    intl.formatMessage(
      { id: `uc.proxy.issue.${issue}` },
      { min: form.session === 'extended' ? EXTENDED_MINUTES.min : STICKY_MINUTES.min, max: MAX_COUNT },
    );
  const fieldIssue = (...keys: CredentialIssue[]) => issues.find((i) => keys.includes(i));

  const firstUser = lines[0] ? usernameOf(lines[0], form.format) : null;
  const copyAll = async () => {
    const ok = await copyText(lines.join('\n'));
    message(ok ? 'success' : 'error', intl.formatMessage({ id: ok ? 'uc.proxy.copied' : 'uc.proxy.copyFail' }));
  };
  const stamp = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  const download = (kind: 'txt' | 'csv') => {
    if (kind === 'txt') downloadText(`proxies-${stamp}.txt`, `${lines.join('\r\n')}\r\n`, 'text/plain;charset=utf-8');
    else
      downloadText(
        `proxies-${stamp}.csv`,
        toCsv(
          ['host', 'port', 'username', 'password', 'protocol'],
          lines.map((line) => {
            const user = usernameOf(line, form.format) ?? '';
            return [endpoint?.host ?? '', endpoint?.ports[form.protocol] ?? '', user, account?.password ?? '', form.protocol];
          }),
        ),
        'text/csv;charset=utf-8',
      );
  };

  return (
    <Card.Root data-testid="proxy-generator">
      <Card.Header>
        <Card.Title as="h2">
          <FormattedMessage id="uc.proxy.generator" />
        </Card.Title>
      </Card.Header>
      <Card.Body gap={5}>
        <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap={4}>
          <SelectField
            labelId="uc.proxy.account"
            value={form.accountId}
            onChange={(v) => set('accountId', v)}
            testId="gen-account"
          >
            {accounts.map((a) => (
              <option key={a.id} value={a.id} disabled={!a.enabled}>
                {a.username}
                {a.main ? ` (${intl.formatMessage({ id: 'uc.proxy.main' })})` : ''}
              </option>
            ))}
          </SelectField>
          <SelectField
            labelId="uc.proxy.country"
            invalid={fieldIssue('country') !== undefined}
            busy={countries.isPending}
            value={form.country}
            onChange={(v) => setForm((f) => ({ ...f, country: v, state: '', city: '' }))}
            testId="gen-country"
          >
            <option value="">{intl.formatMessage({ id: 'uc.proxy.anyCountry' })}</option>
            {sortedCountries.map((c) => (
              <option key={c.code} value={c.code} disabled={!c.covered}>
                {c.name[lang]} ({c.code}){c.covered ? '' : ` — ${intl.formatMessage({ id: 'uc.proxy.notCovered' })}`}
              </option>
            ))}
          </SelectField>
          <SelectField
            labelId="uc.proxy.state"
            disabled={!form.country}
            busy={areas.isPending}
            value={form.state}
            onChange={(v) => setForm((f) => ({ ...f, state: v, city: '' }))}
            testId="gen-state"
          >
            <option value="">{intl.formatMessage({ id: 'uc.proxy.anyState' })}</option>
            {(areas.data ?? []).map((a) => (
              <option key={a.code} value={a.token}>
                {a.name[lang]}
              </option>
            ))}
          </SelectField>
          <SelectField
            labelId="uc.proxy.city"
            disabled={!form.state}
            busy={cities.isPending}
            value={form.city}
            onChange={(v) => set('city', v)}
            testId="gen-city"
          >
            <option value="">{intl.formatMessage({ id: 'uc.proxy.anyCity' })}</option>
            {(cities.data ?? []).map((c) => (
              <option key={c.token} value={c.token}>
                {c.name[lang]}
              </option>
            ))}
          </SelectField>
          <SelectField
            labelId="uc.proxy.protocol"
            value={form.protocol}
            onChange={(v) => set('protocol', v as ProxyProtocol)}
            testId="gen-protocol"
          >
            {PROTOCOLS.map((p) => (
              <option key={p} value={p}>
                {p.toUpperCase()}
              </option>
            ))}
          </SelectField>
          <SelectField
            labelId="uc.proxy.endpoint"
            value={form.endpointArea}
            onChange={(v) => set('endpointArea', v)}
            testId="gen-endpoint"
          >
            {endpoints.map((e) => (
              <option key={e.area} value={e.area}>
                {e.name[lang]} — {e.host}
              </option>
            ))}
          </SelectField>
        </SimpleGrid>

        <Box>
          <Text fontWeight="medium" mb={2} id="gen-session-label">
            <FormattedMessage id="uc.proxy.session" />
          </Text>
          <RadioGroup.Root
            value={form.session}
            onValueChange={(d) => set('session', d.value as SessionMode)}
            aria-labelledby="gen-session-label"
            colorPalette="brand"
          >
            <Stack direction={{ base: 'column', md: 'row' }} gap={{ base: 2, md: 6 }}>
              {SESSIONS.map((s) => (
                <RadioGroup.Item key={s} value={s} data-testid={`gen-session-${s}`}>
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>
                    <FormattedMessage id={`uc.proxy.session.${s}`} />
                  </RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </Stack>
          </RadioGroup.Root>
          <Text fontSize="sm" color="fg.muted" mt={2}>
            <FormattedMessage id={`uc.proxy.session.${form.session}.hint`} />
          </Text>
        </Box>

        <SimpleGrid columns={{ base: 1, md: 3 }} gap={4}>
          {form.session === 'sticky' ? (
            <Field.Root invalid={fieldIssue('sessionId') !== undefined}>
              <Field.Label>
                <FormattedMessage id="uc.proxy.sessionId" />
              </Field.Label>
              <Input
                value={form.sessionId}
                onChange={(e) => set('sessionId', e.target.value)}
                placeholder={intl.formatMessage({ id: 'uc.proxy.sessionIdPlaceholder' })}
                data-testid="gen-session-id"
              />
              {fieldIssue('sessionId') ? <Field.ErrorText>{issueText('sessionId')}</Field.ErrorText> : null}
            </Field.Root>
          ) : null}
          {form.session !== 'rotating' ? (
            <Field.Root invalid={fieldIssue('stickyMinutes', 'extendedMinutes') !== undefined}>
              <Field.Label>
                <FormattedMessage id="uc.proxy.minutes" />
              </Field.Label>
              <Input
                inputMode="numeric"
                value={form.minutes}
                onChange={(e) => set('minutes', e.target.value)}
                data-testid="gen-minutes"
              />
              {fieldIssue('stickyMinutes', 'extendedMinutes') ? (
                <Field.ErrorText data-testid="gen-minutes-error">
                  {issueText(fieldIssue('stickyMinutes', 'extendedMinutes') as CredentialIssue)}
                </Field.ErrorText>
              ) : null}
            </Field.Root>
          ) : null}
          <Field.Root invalid={fieldIssue('count') !== undefined}>
            <Field.Label>
              <FormattedMessage id="uc.proxy.count" />
            </Field.Label>
            <Input
              inputMode="numeric"
              value={form.count}
              onChange={(e) => set('count', e.target.value)}
              data-testid="gen-count"
            />
            {fieldIssue('count') ? <Field.ErrorText>{issueText('count')}</Field.ErrorText> : null}
          </Field.Root>
          <SelectField
            labelId="uc.proxy.format"
            value={form.format}
            onChange={(v) => set('format', v as LineFormat)}
            testId="gen-format"
          >
            {FORMATS.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </SelectField>
        </SimpleGrid>

        {blocked ? (
          <Alert.Root status="info" data-testid="gen-blocked">
            <Alert.Indicator />
            <Alert.Title>
              <FormattedMessage id="uc.proxy.blocked" />
            </Alert.Title>
          </Alert.Root>
        ) : null}
        <HStack>
          <Button colorPalette="brand" onClick={generate} data-testid="gen-submit">
            <FormattedMessage id="uc.proxy.generate" />
          </Button>
        </HStack>

        {lines.length > 0 ? (
          <Stack gap={3}>
            <Textarea
              readOnly
              value={lines.join('\n')}
              rows={Math.min(12, lines.length + 1)}
              fontFamily="mono"
              fontSize="sm"
              aria-label={intl.formatMessage({ id: 'uc.proxy.output' })}
              data-testid="gen-output"
            />
            <HStack wrap="wrap">
              <Button variant="outline" onClick={() => void copyAll()} data-testid="gen-copy">
                <FormattedMessage id="uc.proxy.copy" />
              </Button>
              <Button variant="outline" onClick={() => download('txt')} data-testid="gen-download-txt">
                <FormattedMessage id="uc.proxy.downloadTxt" />
              </Button>
              <Button variant="outline" onClick={() => download('csv')} data-testid="gen-download-csv">
                <FormattedMessage id="uc.proxy.downloadCsv" />
              </Button>
            </HStack>
            {firstUser && endpoint && account ? (
              <Box>
                <Text fontSize="sm" fontWeight="medium" mb={1}>
                  <FormattedMessage id="uc.proxy.curl" />
                </Text>
                <Code display="block" whiteSpace="pre-wrap" wordBreak="break-all" p={3} data-testid="gen-curl">
                  {curlCommand(
                    form.protocol,
                    { host: endpoint.host, port: endpoint.ports[form.protocol] },
                    firstUser,
                    account.password,
                  )}
                </Code>
              </Box>
            ) : null}
          </Stack>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

/** The username of one generated line, whatever its format. */
function usernameOf(line: string, format: LineFormat): string | null {
  if (format === 'host:port:user:pass') return line.split(':')[2] ?? null;
  const credentials = line.replace(/^[a-z0-9]+:\/\//, '').split('@')[0] ?? '';
  return credentials.split(':')[0] ?? null;
}

function AccountsCard({ accounts }: { accounts: ProxyAccount[] }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [capGb, setCapGb] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [shown, setShown] = useState<number | null>(null);

  const run = async (work: () => Promise<unknown>, okId: string, failId: string) => {
    setFailure(null);
    try {
      await work();
      await queryClient.invalidateQueries({ queryKey: accountsKey });
      message('success', intl.formatMessage({ id: okId }));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      setFailure(err.kind === 'business' || err.fieldErrors ? err.message : intl.formatMessage({ id: failId }));
    }
  };

  const add = () =>
    run(
      async () => {
        const cap = capGb.trim() ? Math.round(Number(capGb) * 1024) : null;
        await callApi(api.proxyAccountCreate, { body: { name: name.trim(), trafficCapMb: cap && cap > 0 ? cap : null } });
        setName('');
        setCapGb('');
      },
      'uc.proxy.added',
      'uc.proxy.addFail',
    );

  return (
    <Card.Root data-testid="proxy-accounts">
      <Card.Header>
        <Card.Title as="h2">
          <FormattedMessage id="uc.proxy.accounts" />
        </Card.Title>
        <Text fontSize="sm" color="fg.muted">
          <FormattedMessage id="uc.proxy.accountsHint" />
        </Text>
      </Card.Header>
      <Card.Body gap={4}>
        <Table.ScrollArea borderWidth="1px" borderRadius="l2">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                {['username', 'password', 'status', 'cap', 'used', 'actions'].map((c) => (
                  <Table.ColumnHeader key={c} whiteSpace="nowrap">
                    <FormattedMessage id={`uc.proxy.col.${c}`} />
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {accounts.map((a) => (
                <Table.Row key={a.id} data-testid="proxy-account-row" data-username={a.username}>
                  <Table.Cell fontFamily="mono" whiteSpace="nowrap">
                    {a.username}
                    {a.main ? (
                      <Badge ms={2} colorPalette="brand">
                        <FormattedMessage id="uc.proxy.main" />
                      </Badge>
                    ) : null}
                  </Table.Cell>
                  <Table.Cell fontFamily="mono" whiteSpace="nowrap">
                    {shown === a.id ? a.password : '••••••••'}{' '}
                    <Button size="2xs" variant="ghost" onClick={() => setShown(shown === a.id ? null : a.id)}>
                      <FormattedMessage id={shown === a.id ? 'uc.proxy.hide' : 'uc.proxy.show'} />
                    </Button>
                  </Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={a.enabled ? 'green' : 'gray'}>
                      <FormattedMessage id={a.enabled ? 'uc.proxy.enabled' : 'uc.proxy.disabled'} />
                    </Badge>
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">
                    {a.trafficCapMb ? formatTraffic(a.trafficCapMb, intl.locale) : intl.formatMessage({ id: 'uc.proxy.noCap' })}
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{formatTraffic(a.usedMb, intl.locale)}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">
                    <HStack gap={1}>
                      <Button
                        size="xs"
                        variant="outline"
                        onClick={() =>
                          void run(
                            () => callApi(api.proxyAccountResetPassword, { body: { id: a.id } }),
                            'uc.proxy.passwordReset',
                            'uc.proxy.editFail',
                          )
                        }
                      >
                        <FormattedMessage id="uc.proxy.resetPassword" />
                      </Button>
                      {a.main ? null : (
                        <>
                          <Button
                            size="xs"
                            variant="outline"
                            onClick={() =>
                              void run(
                                () => callApi(api.proxyAccountUpdate, { body: { id: a.id, enabled: !a.enabled } }),
                                'uc.proxy.edited',
                                'uc.proxy.editFail',
                              )
                            }
                          >
                            <FormattedMessage id={a.enabled ? 'uc.proxy.disable' : 'uc.proxy.enable'} />
                          </Button>
                          <Button
                            size="xs"
                            variant="outline"
                            colorPalette="red"
                            onClick={() =>
                              void run(
                                () => callApi(api.proxyAccountDelete, { body: { id: a.id } }),
                                'uc.proxy.deleted',
                                'uc.proxy.deleteFail',
                              )
                            }
                          >
                            <FormattedMessage id="uc.proxy.delete" />
                          </Button>
                        </>
                      )}
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
        <Stack direction={{ base: 'column', md: 'row' }} align={{ md: 'flex-end' }} gap={3}>
          <Field.Root maxW={{ md: 'xs' }}>
            <Field.Label>
              <FormattedMessage id="uc.proxy.subName" />
            </Field.Label>
            <Input value={name} onChange={(e) => setName(e.target.value)} data-testid="sub-name" />
          </Field.Root>
          <Field.Root maxW={{ md: '3xs' }}>
            <Field.Label>
              <FormattedMessage id="uc.proxy.capGb" />
            </Field.Label>
            <Input inputMode="decimal" value={capGb} onChange={(e) => setCapGb(e.target.value)} data-testid="sub-cap" />
          </Field.Root>
          <Button onClick={() => void add()} colorPalette="brand" variant="outline" data-testid="sub-add">
            <FormattedMessage id="uc.proxy.addSub" />
          </Button>
        </Stack>
        {failure ? (
          <Alert.Root status="error" data-testid="proxy-account-error">
            <Alert.Indicator />
            <Alert.Title>{failure}</Alert.Title>
          </Alert.Root>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
