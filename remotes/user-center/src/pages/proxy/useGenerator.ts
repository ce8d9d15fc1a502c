import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import {
  formatHasPassword,
  api,
  countryName,
  type CredentialIssue,
  EXTENDED_MINUTES,
  generateLines,
  ispsOf,
  type LineFormat,
  type ProxyAccount,
  STICKY_MINUTES,
  toCsv,
} from '@portal/shared';
import { callApi, downloadText, NO_ERROR_PAGE } from '@portal/shared/browser';
import { copyText, message } from '@portal/shared/ui';
import { defaultForm, type GeneratorForm, MAX_COUNT, readForm } from './generatorForm.ts';
import type { Endpoints } from './useProxyAccounts.ts';

/** The username of one generated line, whatever its format. */
export function usernameOf(line: string, format: LineFormat): string | null {
  if (format === 'host:port:user:pass' || format === 'host:port:user') return line.split(':')[2] ?? null;
  const credentials = line.replace(/^[a-z0-9]+:\/\//, '').split('@')[0] ?? '';
  return credentials.split(':')[0] ?? null;
}

export type GeneratorState = ReturnType<typeof useGenerator>;

/**
 * The endpoint generator's state: the form, the country → state → city look-ups it offers, and the
 * lines it generated (with what was wrong when it could not), to copy or download.
 */
export function useGenerator(accounts: ProxyAccount[], endpoints: Endpoints) {
  const intl = useIntl();
  const lang: 'en' | 'zh-CN' = intl.locale === 'en' ? 'en' : 'zh-CN';
  const main = accounts.find((a) => a.main) ?? accounts[0];
  const [form, setForm] = useState<GeneratorForm>(() => defaultForm(String(main?.id ?? ''), endpoints[0]?.area ?? ''));
  const [lines, setLines] = useState<string[]>([]);
  const [issues, setIssues] = useState<CredentialIssue[]>([]);
  const set = <K extends keyof GeneratorForm>(key: K, value: GeneratorForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  // The options of the form's selects: a failure leaves a select empty, never the page.
  const countries = useQuery({
    queryKey: ['proxy', 'countries'],
    queryFn: () => callApi(api.countryList),
    staleTime: Infinity,
    meta: NO_ERROR_PAGE,
  });
  const areas = useQuery({
    queryKey: ['proxy', 'areas', form.country],
    queryFn: () => callApi(api.areaList, { query: { countryCode: form.country } }),
    enabled: form.country !== '',
    staleTime: Infinity,
    meta: NO_ERROR_PAGE,
  });
  const areaCode = areas.data?.find((a) => a.token === form.state)?.code ?? '';
  const cities = useQuery({
    queryKey: ['proxy', 'cities', form.country, areaCode],
    queryFn: () => callApi(api.cityList, { query: { countryCode: form.country, areaCode } }),
    enabled: areaCode !== '',
    staleTime: Infinity,
    meta: NO_ERROR_PAGE,
  });

  const isps = useMemo(() => ispsOf(form.country), [form.country]);
  const account = accounts.find((a) => String(a.id) === form.accountId) ?? main;
  const endpoint = endpoints.find((e) => e.area === form.endpointArea) ?? endpoints[0];
  // Named by this browser's CLDR (as every other picker) and sorted with the language's collation.
  const sortedCountries = useMemo(() => {
    const collator = new Intl.Collator(intl.locale);
    return (countries.data ?? [])
      .map((c) => ({ ...c, name: { ...c.name, [lang]: countryName(c.code, intl.locale) } }))
      .sort((a, b) => collator.compare(a.name[lang], b.name[lang]));
  }, [countries.data, lang, intl.locale]);

  const generate = async () => {
    if (!account || !endpoint) return;
    // Which ZIP codes exist is 17 kB of data: loaded the first time a postcode is generated.
    const postcodes = form.postcode.trim() ? await import('@portal/shared/proxy/postcode-data') : null;
    const read = readForm(form, account.username, postcodes?.postcodeExists);
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
            const password = formatHasPassword(form.format) ? (account?.password ?? '') : '';
            return [endpoint?.host ?? '', endpoint?.ports[form.protocol] ?? '', user, password, form.protocol];
          }),
        ),
        'text/csv;charset=utf-8',
      );
  };

  return {
    lang,
    form,
    setForm,
    set,
    lines,
    account,
    endpoint,
    countries,
    sortedCountries,
    areas,
    cities,
    isps,
    generate,
    issueText,
    fieldIssue,
    copyAll,
    download,
  };
}
