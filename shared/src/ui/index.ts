export * from './PlaceholderPage.tsx';
export * from './StatusPage.tsx';
export { system } from './theme.ts';
export * from './useLocalePath.ts';
export * from './toaster.ts';
export * from './fieldMessage.ts';
export * from './CertificationNotice.tsx';
export * from './plannedPage.tsx';
