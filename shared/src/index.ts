// The server-safe entry point: contracts, codes, pricing, route rules, validation and formatting.
// Nothing here touches the DOM or creates a store on import; browser code is in ./browser.ts.
export * from './contract/index.ts';
export * from './teams/roles.ts';
export * from './teams/route-rules.ts';
export * from './registry/remotes.ts';
export * from './i18n/index.ts';
export * from './routes/manifest.ts';
export * from './routes/route-table.ts';
export * from './routes/same-site-path.ts';
export * from './format/traffic.ts';
export * from './crypto/aes-ecb.ts';
export * from './validation/china-ids.ts';
export * from './validation/phone.ts';
export * from './commerce/pricing.ts';
export * from './commerce/order-status.ts';
export * from './commerce/pay-channel.ts';
export * from './format/csv.ts';
export * from './format/dateRange.ts';
export * from './proxy/allowed-address.ts';
export * from './proxy/credentials.ts';
export * from './proxy/list-file.ts';
export * from './proxy/targeting.ts';
export * from './seo/page-meta.ts';
export * from './ssr/contract.ts';
export * from './mf/version-contract.ts';
