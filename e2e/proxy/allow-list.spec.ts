import AxeBuilder from '@axe-core/playwright';
import { signIn } from '../support/portal.ts';
import { expect, test } from '../support/test.ts';

const NETWORK_KEY = 'e2e-proxy-network-key-0123456789abcdef';
/** A public address of its own per attempt, so a retry starts from an address nobody allowed yet. */
const publicIp = () =>
  `45.${10 + Math.floor(Math.random() * 200)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

/** The allow-list journey's words in each language (and an ID number of its own for each). */
const LANGUAGES = [
  {
    name: 'English',
    prefix: '/en',
    idCard: '110101198506150035',
    title: 'IP allow-list',
    myIp: (ip: string) => `Your current IP: ${ip}`,
    added: 'Added to the allow-list',
    listed: 'Current IP is allowed',
    space: '1 of 4,096 IPv4 addresses and 0 of 262,144 IPv6 /64 networks in use',
  },
  {
    name: 'Chinese',
    prefix: '',
    idCard: '110101198506150051',
    title: 'IP 白名单',
    myIp: (ip: string) => `当前 IP：${ip}`,
    added: '已添加到白名单',
    listed: '当前 IP 已在白名单中',
    space: '已使用 1 / 4,096 个 IPv4 地址、0 / 262,144 个 IPv6 /64 网段',
  },
] as const;

test.describe('IP allow-list', () => {
  for (const words of LANGUAGES)
    test(`adds the current IP, generates allow-list lines and the network lets that IP in without a password (${words.name})`, async ({
      browser,
    }) => {
      const visitorIp = publicIp();
      // As seen through the reverse proxy the test server trusts.
      const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': visitorIp } });
      const page = await context.newPage();
      try {
        const user = await signIn(page, 5 * 1024);
        // Certified, so the network's answer turns on the address alone (its own ID number: one
        // certifies at most 3 accounts; the other journeys use other numbers).
        const cert = await page.request.post('/app-api/ip/member-user-personal-info/create', {
          headers: { authorization: `Bearer ${user.token}` },
          data: { realName: '李四', idCard: words.idCard },
        });
        expect((await cert.json()).code).toBe(0);
        await page.goto(`${words.prefix}/admin/account-password-auth`);
        const card = page.getByTestId('allow-list');
        await expect(card.getByRole('heading', { name: words.title })).toBeVisible();
        await expect(card.getByTestId('allow-empty')).toBeVisible();
        await expect(card.getByTestId('allow-my-ip')).toHaveText(words.myIp(visitorIp));
        await card.getByTestId('allow-add-mine').click();
        await expect(page.getByText(words.added)).toBeVisible();
        await expect(card.getByTestId('allow-row')).toHaveCount(1);
        await expect(card.getByTestId('allow-row').first()).toContainText(visitorIp);
        await expect(card.getByTestId('allow-add-mine')).toHaveText(words.listed);
        await expect(card.getByTestId('allow-add-mine')).toBeDisabled();
        await expect(card.getByTestId('allow-space')).toContainText(words.space);
        await new AxeBuilder({ page }).analyze().then((r) => expect(r.violations.map((v) => v.id)).toEqual([]));

        // Allow-list lines: host:port:username, no password.
        const account = (await page.getByTestId('proxy-account-row').first().getAttribute('data-username')) as string;
        await page.getByTestId('gen-country').selectOption('US');
        await page.getByTestId('gen-format').selectOption('host:port:user');
        await page.getByTestId('gen-count').fill('3');
        await page.getByTestId('gen-submit').click();
        const lines = (await page.getByTestId('gen-output').inputValue()).split('\n');
        expect(lines).toHaveLength(3);
        for (const line of lines) expect(line).toMatch(new RegExp(`^[\\w.-]+:\\d+:${account}-zone-resi-region-US$`));
        await expect(page.getByTestId('gen-curl')).toContainText(`-U '${account}-zone-resi-region-US:'`);

        const username = lines[0]?.split(':')[2];
        const verify = (sourceIp: string) =>
          page.request
            .post('/app-api/proxy-network/verify', { headers: { 'x-api-key': NETWORK_KEY }, data: { username, sourceIp } })
            .then(async (r) => (await r.json()).data);
        expect(await verify(visitorIp)).toMatchObject({ allowed: true, reason: 'ok', method: 'allowed_ip' });
        expect(await verify(publicIp())).toMatchObject({ allowed: false, reason: 'ip_not_allowed' });
      } finally {
        await context.close();
      }
    });

  test('two members behind one address both allow it, and each is let in under their own username only (English)', async ({
    browser,
  }) => {
    // Three members and a page load: more than a one-member journey on a loaded machine.
    test.slow();
    const sharedIp = publicIp();
    const context = await browser.newContext({ locale: 'en', extraHTTPHeaders: { 'x-forwarded-for': sharedIp } });
    const page = await context.newPage();
    const verify = (account: string) =>
      page.request
        .post('/app-api/proxy-network/verify', {
          headers: { 'x-api-key': NETWORK_KEY },
          data: { username: `${account}-zone-resi-region-US`, sourceIp: sharedIp },
        })
        .then(async (r) => (await r.json()).data);
    const mainAccount = async (token: string) => {
      const res = await page.request.get('/app-api/ip/proxy-account/list', { headers: { authorization: `Bearer ${token}` } });
      return (await res.json()).data.accounts[0] as { id: number; username: string };
    };
    try {
      // The first member allowed the address already (through the API here).
      const first = await signIn(page, 1024);
      const firstAccount = await mainAccount(first.token);
      const added = await page.request.post('/app-api/ip/proxy-account/allowed-ip/add', {
        headers: { authorization: `Bearer ${first.token}` },
        data: { accountId: firstAccount.id, address: sharedIp },
      });
      expect((await added.json()).code).toBe(0);

      // A colleague adds the same address on the page, and is told nothing about the first.
      const colleague = await context.newPage();
      const second = await signIn(colleague, 1024);
      const secondAccount = await mainAccount(second.token);
      await colleague.goto('/en/admin/account-password-auth');
      const card = colleague.getByTestId('allow-list');
      await expect(card.getByTestId('allow-my-ip')).toHaveText(`Your current IP: ${sharedIp}`);
      await card.getByTestId('allow-add-mine').click();
      await expect(colleague.getByText('Added to the allow-list')).toBeVisible();
      await expect(card.getByTestId('allow-row')).toHaveCount(1);
      await expect(card.getByTestId('allow-error')).toHaveCount(0);

      // Neither is certified: let in by the address, then stopped by that rule, each as their own account.
      for (const account of [firstAccount, secondAccount])
        expect(await verify(account.username)).toMatchObject({
          reason: 'certification_required',
          method: 'allowed_ip',
          account: account.username,
        });
      // A third member who did not allow it is not let in from there.
      const third = await signIn(page, 1024);
      expect(await verify((await mainAccount(third.token)).username)).toMatchObject({ allowed: false, reason: 'ip_not_allowed' });
    } finally {
      await context.close();
    }
  });

  test('explains a refused address, adds a range with a note and removes it (Chinese)', async ({ page }) => {
    await signIn(page, 1024);
    await page.goto('/admin/account-password-auth');
    const card = page.getByTestId('allow-list');
    await expect(card.getByRole('heading', { name: 'IP 白名单' })).toBeVisible();
    // Seen as 127.0.0.1 here: a loopback address cannot be allowed, and the page says why.
    await card.getByTestId('allow-add-mine').click();
    await expect(card.getByTestId('allow-error')).toHaveText('这是本机回环地址，请添加您的公网地址');
    await card.getByTestId('allow-address').fill('192.168.1.20');
    await card.getByTestId('allow-add').click();
    await expect(card.getByTestId('allow-error')).toContainText('这是内网地址');
    await card.getByTestId('allow-address').fill('8.8.0.0/16');
    await card.getByTestId('allow-add').click();
    await expect(card.getByTestId('allow-error')).toHaveText('网段最大为 IPv4 /24、IPv6 /48');
    await expect(card.getByTestId('allow-row')).toHaveCount(0);

    const range = `${publicIp().split('.').slice(0, 3).join('.')}.99/24`;
    const network = range.replace(/\.99\/24$/, '.0/24');
    await card.getByTestId('allow-address').fill(range);
    await card.getByTestId('allow-note').fill('机房服务器');
    await card.getByTestId('allow-add').click();
    await expect(page.getByText('已添加到白名单')).toBeVisible();
    await expect(card.getByTestId('allow-row')).toHaveCount(1);
    await expect(card.getByTestId('allow-row').first()).toContainText(network);
    await expect(card.getByTestId('allow-row').first()).toContainText('机房服务器');
    await expect(card.getByTestId('allow-address')).toHaveValue('');
    await expect(card.getByTestId('allow-space')).toContainText('已使用 256 / 4,096 个 IPv4 地址');
    await new AxeBuilder({ page }).analyze().then((r) => expect(r.violations.map((v) => v.id)).toEqual([]));

    await card.getByRole('button', { name: `移除 ${network}` }).click();
    await expect(page.getByText('已从白名单移除')).toBeVisible();
    await expect(card.getByTestId('allow-empty')).toBeVisible();
  });
});
