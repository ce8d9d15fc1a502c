import {
  type CredentialIssue,
  type LineFormat,
  type PostcodeExists,
  type ProxyGeneratorOptions,
  type ProxyParams,
  proxyGeneratorOptions,
  type ProxyProtocol,
  type SessionMode,
  validateParams,
} from '@portal/shared';

/** The generator form as typed: strings from inputs, turned into the shared module's parameters. */
export interface GeneratorForm {
  accountId: string;
  country: string;
  /** Area token (`california`) or ''. */
  state: string;
  /** City token or ''. */
  city: string;
  /** US ZIP code as typed, or ''. */
  postcode: string;
  /** The ISP's ASN as a string, or '' (any ISP). */
  asn: string;
  session: SessionMode;
  sessionId: string;
  minutes: string;
  protocol: ProxyProtocol;
  endpointArea: string;
  format: LineFormat;
  count: string;
}

export const MAX_COUNT = 1000;

export const defaultForm = (accountId: string, endpointArea: string): GeneratorForm => ({
  accountId,
  country: '',
  state: '',
  city: '',
  postcode: '',
  asn: '',
  session: 'rotating',
  sessionId: '',
  minutes: '10',
  protocol: 'http',
  endpointArea,
  format: 'host:port:user:pass',
  count: '10',
});

const wholeNumber = (v: string) => (/^\d{1,4}$/.test(v.trim()) ? Number(v.trim()) : Number.NaN);

/**
 * The parameters of the form, or the problems to show (by field). A postcode is checked against
 * the postcodes that exist when `postcodeExists` is given (the generator loads that data when a
 * postcode is typed).
 */
export function readForm(
  form: GeneratorForm,
  account: string,
  postcodeExists?: PostcodeExists,
): { params: ProxyParams; count: number; issues: CredentialIssue[] } {
  const params: ProxyParams = {
    account,
    session: form.session,
    ...(form.country && { country: form.country }),
    ...(form.country && form.state && { state: form.state }),
    ...(form.country && form.state && form.city && { city: form.city }),
    ...(form.postcode.trim() && { postcode: form.postcode.trim() }),
    ...(form.asn && { asn: Number(form.asn) }),
    ...(form.session === 'sticky' && form.sessionId.trim() && { sessionId: form.sessionId.trim() }),
    ...(form.session !== 'rotating' && { minutes: wholeNumber(form.minutes) }),
  };
  const issues = validateParams(params, postcodeExists);
  const count = wholeNumber(form.count);
  if (!Number.isInteger(count) || count < 1 || count > MAX_COUNT) issues.push('count');
  return { params, count, issues };
}

/**
 * The form as the contract's generator options (what a list link keeps), or null while the form
 * has a problem (the generator shows it). A postcode's existence is the server's to check.
 */
export function listOptionsOf(form: GeneratorForm): ProxyGeneratorOptions | null {
  const { params, count, issues } = readForm(form, 'account');
  if (issues.length > 0) return null;
  const parsed = proxyGeneratorOptions.safeParse({
    country: params.country?.toUpperCase(),
    state: params.state,
    city: params.city,
    postcode: params.postcode,
    asn: params.asn,
    session: params.session,
    sessionId: params.sessionId,
    minutes: params.minutes,
    protocol: form.protocol,
    endpointArea: form.endpointArea,
    lineFormat: form.format,
    count,
  });
  return parsed.success ? parsed.data : null;
}
