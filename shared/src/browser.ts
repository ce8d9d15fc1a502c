// The browser entry point: the fetch client, the valtio stores, the remote contract and downloads.
// The server never imports it (biome.json); the UI kit (./ui, ./chakra) is browser-only as well.
export * from './http/client.ts';
export * from './http/fetchAllPages.ts';
export * from './http/query-meta.ts';
export * from './state/index.ts';
export * from './remote/contract.ts';
export * from './format/download.ts';
export * from './device/pay-device.ts';
export * from './device/passkey-support.ts';
