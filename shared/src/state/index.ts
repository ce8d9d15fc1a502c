export * from './auth.ts';
export * from './ui.ts';
