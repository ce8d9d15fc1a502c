import { z } from 'zod';
import { defineApi } from './define.ts';

export const analyticsConfig = z.object({
  /** The third-party page-analytics script (SPEC section 7): https or root-relative URL. */
  scriptUrl: z.string(),
  /** The site's id at the analytics provider, when its script needs one. */
  siteId: z.string().nullable(),
});

/** Deployment settings the browser needs at run time, so one build serves every environment. */
export const clientConfig = z.object({
  /** Null: no analytics configured, load nothing. */
  analytics: analyticsConfig.nullable(),
  /** Whether login, register and send-code need the security check (CAPTCHA_ENABLED). */
  captchaEnabled: z.boolean(),
  /** Payments, SMS and e-mail go to the built-in sandbox (SANDBOX): every page says so. */
  sandbox: z.boolean(),
  /**
   * The regions (ISO 3166-1 alpha-2) SMS codes can be sent to (SMS_COUNTRIES): the phone pickers
   * offer only these. Null: anywhere (the sandbox). An empty list: no SMS at all.
   */
  smsCountries: z.array(z.string()).nullable(),
});
export type ClientConfig = z.output<typeof clientConfig>;

export const clientConfigApi = {
  clientConfigGet: defineApi({
    method: 'GET',
    path: '/app-api/system/client-config',
    summary: 'Run-time settings for the browser (analytics script, captcha, sandbox)',
    tags: ['system'],
    auth: false,
    data: clientConfig,
  }),
};
