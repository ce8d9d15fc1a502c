/**
 * The query keys of the proxy-credentials page, one owner: a change to the accounts (delete, password
 * reset) refreshes their list links and allow-lists through these, never through a copied literal.
 */
export const proxyKeys = {
  accounts: ['proxy', 'accounts'] as const,
  listLinks: ['proxy', 'list-links'] as const,
  allowLists: ['proxy', 'allowed-ips'] as const,
  allowList: (accountId: number) => ['proxy', 'allowed-ips', accountId] as const,
  allAllowLists: ['proxy', 'allowed-ips', 'all'] as const,
};
