import { afterEach, describe, expect, it, vi } from 'vitest';
import { commerceApi } from '../contract/commerce.ts';

type Client = typeof import('./client.ts');

/** A fresh evaluation of the client module: what a remote's own server bundle carries. */
async function freshCopy(): Promise<Client> {
  vi.resetModules();
  return import('./client.ts');
}

describe('the HTTP client configured once per process', () => {
  afterEach(async () => (await freshCopy()).configureHttp({ fetch: undefined, baseUrl: '' }));

  it('a copy of the client loaded after configuration calls through the configured fetch and base URL', async () => {
    const shell = await freshCopy();
    const urls: string[] = [];
    shell.configureHttp({
      baseUrl: 'http://in-process',
      fetch: async (input) => {
        urls.push(String(input));
        return Response.json({ code: 0, msg: '', data: [] });
      },
    });
    // A remote version deployed later evaluates its own copy of the module.
    const redeployedRemote = await freshCopy();
    expect(redeployedRemote).not.toBe(shell);
    await expect(redeployedRemote.callApi(commerceApi.trafficPackageList)).resolves.toEqual([]);
    expect(urls).toEqual(['http://in-process/app-api/ip/traffic-combo-product-price/list']);
  });

  it('configuring through any copy changes what every copy uses', async () => {
    const first = await freshCopy();
    const second = await freshCopy();
    const seen: string[] = [];
    second.configureHttp({
      fetch: async (input) => {
        seen.push(String(input));
        return new Response('pdf');
      },
      baseUrl: '',
    });
    await expect(first.fetchFile('/app-api/invoice/1.pdf')).resolves.toBeInstanceOf(Blob);
    expect(seen).toEqual(['/app-api/invoice/1.pdf']);
  });
});

describe("the client's own request timeout", () => {
  afterEach(() => vi.useRealTimers());

  it('gives up on a call after 15 s (SPEC section 9) when nobody configured a timeout', async () => {
    // A realm where no shell has configured the client yet: the module's own default applies.
    delete (globalThis as Record<symbol, unknown>)[Symbol.for('@portal/shared/http-config')];
    const client = await freshCopy();
    vi.useFakeTimers();
    let aborted = false;
    client.configureHttp({
      // A server that never answers: only the client's own timer can end the call.
      fetch: (_input, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => {
            aborted = true;
            reject(init.signal?.reason);
          });
        }),
    });
    const call = client.callApi(commerceApi.trafficPackageList, undefined, { silent: true });
    const outcome = call.then(
      () => 'answered',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(14_999);
    expect(aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(aborted).toBe(true);
    await expect(outcome).resolves.toMatchObject({ name: 'ApiError', kind: 'timeout' });
  });
});
