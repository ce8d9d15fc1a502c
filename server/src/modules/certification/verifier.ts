import type { Config } from '../../config/index.ts';
import type { FetchLike } from '../messaging/transports.ts';

/** Whether a real name belongs to an ID card number. */
export type VerificationResult = 'match' | 'mismatch';

/**
 * The service that checks a name against an ID card number (the public security bureau's data,
 * resold by many providers). Throws VerifierUnavailableError when it cannot answer.
 */
export interface IdentityVerifier {
  readonly name: string;
  verify(input: { realName: string; idCard: string }): Promise<VerificationResult>;
}

export class VerifierUnavailableError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'VerifierUnavailableError';
  }
}

/** SANDBOX without IDV_URL: any name matches any ID card number of valid format. */
export const sandboxVerifier: IdentityVerifier = {
  name: 'sandbox',
  verify: async () => 'match',
};

const TIMEOUT_MS = 10_000;

/**
 * IDV_URL: `POST {"name","idCard"}` as JSON, `Authorization: APPCODE <IDV_APP_CODE>` when set (the
 * Aliyun API-market convention); a 2xx answer `{"match": true|false}` decides. A provider with
 * another protocol sits behind a small relay speaking this one.
 */
export class HttpIdentityVerifier implements IdentityVerifier {
  readonly name = 'http';
  constructor(
    private readonly url: string,
    private readonly appCode: string | null,
    private readonly fetchFn: FetchLike = fetch,
  ) {}

  async verify({ realName, idCard }: { realName: string; idCard: string }): Promise<VerificationResult> {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (this.appCode) headers.authorization = `APPCODE ${this.appCode}`;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new VerifierUnavailableError(`no answer within ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
    });
    try {
      const res = await Promise.race([
        this.fetchFn(this.url, { method: 'POST', headers, body: JSON.stringify({ name: realName, idCard }) }),
        timeout,
      ]);
      const text = await res.text();
      if (!res.ok) throw new VerifierUnavailableError(`HTTP ${res.status}: ${text.slice(0, 200)}`);
      let match: unknown;
      try {
        match = (JSON.parse(text) as { match?: unknown } | null)?.match;
      } catch {
        match = undefined;
      }
      if (typeof match !== 'boolean') throw new VerifierUnavailableError(`unexpected answer: ${text.slice(0, 200)}`);
      return match ? 'match' : 'mismatch';
    } catch (err) {
      if (err instanceof VerifierUnavailableError) throw err;
      throw new VerifierUnavailableError((err as Error).message, { cause: err });
    } finally {
      clearTimeout(timer);
    }
  }
}

/** The verifier of a configuration: IDV_URL when set, the sandbox one in the sandbox, else none. */
export function createIdentityVerifier(
  config: Pick<Config, 'identityVerifier' | 'sandbox'>,
  fetchFn?: FetchLike,
): IdentityVerifier | null {
  if (config.identityVerifier)
    return new HttpIdentityVerifier(config.identityVerifier.url, config.identityVerifier.appCode, fetchFn);
  return config.sandbox ? sandboxVerifier : null;
}
