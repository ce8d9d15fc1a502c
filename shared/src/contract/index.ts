import { systemApi } from './system.ts';

export * from './codes.ts';
export * from './define.ts';
export * from './system.ts';

/** Every call of the portal. Later modules add their groups here. */
export const api = {
  ...systemApi,
};
export type Api = typeof api;
