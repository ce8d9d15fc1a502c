import { Alert, Box, Button, Card, HStack, SimpleGrid, Stack, Text } from '@portal/shared/chakra';
import { Field, Input, RadioGroup } from '@portal/shared/chakra/deferred';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  type CredentialIssue,
  formatHasPassword,
  type LineFormat,
  type ProxyAccount,
  type ProxyProtocol,
  type SessionMode,
} from '@portal/shared';
import { GeneratorOutput } from './GeneratorOutput.tsx';
import { SelectField } from './SelectField.tsx';
import type { Endpoints } from './useProxyAccounts.ts';
import type { GeneratorState } from './useGenerator.ts';

const FORMATS: LineFormat[] = ['host:port:user:pass', 'user:pass@host:port', 'protocol://user:pass@host:port', 'host:port:user'];
const PROTOCOLS: ProxyProtocol[] = ['http', 'https', 'socks5'];
const SESSIONS: SessionMode[] = ['rotating', 'sticky', 'extended'];

/** The endpoint generator: where and how to connect, then the lines to paste into a proxy tool. */
export function Generator({
  g,
  accounts,
  endpoints,
  blocked,
}: {
  /** The generator's state (useGenerator), held by the page: the list links read its settings. */
  g: GeneratorState;
  accounts: ProxyAccount[];
  endpoints: Endpoints;
  blocked: boolean;
}) {
  const intl = useIntl();
  const { form, setForm, set, lang, fieldIssue, issueText } = g;
  const postcodeIssue = fieldIssue('postcode', 'postcodeCountry', 'postcodePlace', 'postcodeIsp');
  const ispIssue = fieldIssue('isp', 'ispCountry');

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
            busy={g.countries.isPending}
            value={form.country}
            onChange={(v) => setForm((f) => ({ ...f, country: v, state: '', city: '', asn: '' }))}
            testId="gen-country"
          >
            <option value="">{intl.formatMessage({ id: 'uc.proxy.anyCountry' })}</option>
            {g.sortedCountries.map((c) => (
              <option key={c.code} value={c.code} disabled={!c.covered}>
                {c.name[lang]} ({c.code}){c.covered ? '' : ` — ${intl.formatMessage({ id: 'uc.proxy.notCovered' })}`}
              </option>
            ))}
          </SelectField>
          <SelectField
            labelId="uc.proxy.state"
            disabled={!form.country}
            busy={g.areas.isPending}
            value={form.state}
            onChange={(v) => setForm((f) => ({ ...f, state: v, city: '' }))}
            testId="gen-state"
          >
            <option value="">{intl.formatMessage({ id: 'uc.proxy.anyState' })}</option>
            {(g.areas.data ?? []).map((a) => (
              <option key={a.code} value={a.token}>
                {a.name[lang]}
              </option>
            ))}
          </SelectField>
          <SelectField
            labelId="uc.proxy.city"
            disabled={!form.state}
            busy={g.cities.isPending}
            value={form.city}
            onChange={(v) => set('city', v)}
            testId="gen-city"
          >
            <option value="">{intl.formatMessage({ id: 'uc.proxy.anyCity' })}</option>
            {(g.cities.data ?? []).map((c) => (
              <option key={c.token} value={c.token}>
                {c.name[lang]}
              </option>
            ))}
          </SelectField>
          <Field.Root invalid={postcodeIssue !== undefined}>
            <Field.Label>
              <FormattedMessage id="uc.proxy.postcode" />
            </Field.Label>
            <Input
              inputMode="numeric"
              autoComplete="postal-code"
              value={form.postcode}
              onChange={(e) => set('postcode', e.target.value)}
              placeholder={intl.formatMessage({ id: 'uc.proxy.postcodePlaceholder' })}
              data-testid="gen-postcode"
            />
            {postcodeIssue ? (
              <Field.ErrorText data-testid="gen-postcode-error">{issueText(postcodeIssue)}</Field.ErrorText>
            ) : (
              <Field.HelperText>
                <FormattedMessage id="uc.proxy.postcodeHint" />
              </Field.HelperText>
            )}
          </Field.Root>
          <SelectField
            labelId="uc.proxy.isp"
            invalid={ispIssue !== undefined}
            disabled={g.isps.length === 0}
            value={form.asn}
            onChange={(v) => set('asn', v)}
            testId="gen-isp"
            helper={<FormattedMessage id="uc.proxy.ispHint" />}
            error={ispIssue ? issueText(ispIssue) : null}
          >
            <option value="">
              {intl.formatMessage({
                id: !form.country ? 'uc.proxy.chooseCountryFirst' : g.isps.length ? 'uc.proxy.anyIsp' : 'uc.proxy.noIsps',
              })}
            </option>
            {g.isps.map((isp) => (
              <option key={isp.asn} value={String(isp.asn)}>
                {(lang === 'zh-CN' && isp.nameZh) || isp.name} (AS{isp.asn})
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
                {formatHasPassword(f) ? f : intl.formatMessage({ id: 'uc.proxy.formatAllowList' }, { format: f })}
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
          <Button colorPalette="brand" onClick={() => void g.generate()} data-testid="gen-submit">
            <FormattedMessage id="uc.proxy.generate" />
          </Button>
        </HStack>

        {g.lines.length > 0 ? (
          <GeneratorOutput
            lines={g.lines}
            format={form.format}
            protocol={form.protocol}
            endpoint={g.endpoint}
            account={g.account}
            onCopy={() => void g.copyAll()}
            onDownload={g.download}
          />
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
