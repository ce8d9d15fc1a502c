// The server's configuration, read from the environment once (load.ts), split by concern.
export type { MailConfig, SmsConfig } from './messaging.ts';
export { ConfigError, loadConfig, loadConfigFromProcess, loadConfigOrExit } from './load.ts';
export { privateDir, REPO_ROOT } from './paths.ts';
export type { AlipayConfig, PaymentsConfig, WechatPayConfig } from './payments.ts';
export type { ProxyConfig, ProxyPorts } from './proxy.ts';
export { fastifyTrustProxy, type LogLevel, type TrustProxy } from './server.ts';
export type { Config } from './types.ts';
