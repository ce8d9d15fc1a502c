/** The one schema: every module's tables, for drizzle's typed queries and drizzle-kit's migrations. */
export * from '../modules/accounts/tables.ts';
export * from '../modules/captcha/tables.ts';
export * from '../modules/limits/tables.ts';
export * from '../modules/messaging/tables.ts';
export * from '../modules/redirects/tables.ts';
export * from '../modules/system/tables.ts';
export * from '../modules/certification/tables.ts';
export * from '../modules/catalogue/tables.ts';
export * from '../modules/content/tables.ts';
export * from '../modules/orders/tables.ts';
export * from '../modules/payments/tables.ts';
export * from '../modules/usage/tables.ts';
export * from '../modules/static-ip/tables.ts';
export * from '../modules/proxy/tables.ts';
export * from '../modules/remotes/tables.ts';
export * from '../modules/api-tokens/tables.ts';
export * from '../modules/invoices/tables.ts';
