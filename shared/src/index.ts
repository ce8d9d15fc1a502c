export * from './contract/index.ts';
export * from './registry/remotes.ts';
export * from './i18n/index.ts';
export * from './http/client.ts';
export * from './remote/contract.ts';
export * from './state/index.ts';
export * from './routes/route-table.ts';
export * from './format/traffic.ts';
