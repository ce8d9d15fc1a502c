export * from './contract/index.ts';
export * from './registry/remotes.ts';
export * from './i18n/index.ts';
export * from './http/client.ts';
export * from './remote/contract.ts';
