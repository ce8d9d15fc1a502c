export * from './auth.ts';
export * from './ui.ts';
export * from './member-info.ts';
