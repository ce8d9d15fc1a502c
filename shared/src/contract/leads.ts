import { z } from 'zod';
import { normalizeMobile } from '../validation/phone.ts';
import { captchaVerification, emailAddress, mobileNumber } from './auth.ts';
import { defineApi } from './define.ts';
import { id, multilineText, text } from './primitives.ts';

/**
 * Custom enterprise plans (SPEC section 1): a team asks for a plan of its own; the request is a
 * lead that operators follow up and close (`npm run ops -- lead …`). Decision 0028.
 */

/** Business codes of leads (module 013, `1_013_NNN_NNN`). */
export const LeadErrorCode = {
  /** Too many requests from this address, this contact or this account: try again later. */
  TooManyRequests: 1_013_001_000,
  /** The confirmation cannot be sent to this kind of contact (no SMS or e-mail provider). */
  ChannelUnavailable: 1_013_001_001,
} as const;

/** The use cases of SPEC section 1, and "other". */
export const LEAD_USE_CASES = ['scraping', 'ecommerce', 'research', 'opinion', 'testing', 'travel', 'other'] as const;
export type LeadUseCase = (typeof LEAD_USE_CASES)[number];

/** Monthly traffic ranges a team picks from (GB a month). */
export const LEAD_VOLUMES = ['lt100', '100-500', '500-2000', '2000-10000', 'gt10000'] as const;
export type LeadVolume = (typeof LEAD_VOLUMES)[number];

export const LEAD_COMPANY_MAX = 100;
export const LEAD_NAME_MAX = 50;
export const LEAD_MESSAGE_MAX = 2000;

const isMobile = (v: string) => mobileNumber.safeParse(v).success;
const isEmail = (v: string) => emailAddress.safeParse(v).success;

/**
 * Where the confirmation goes: a mobile number or an e-mail address (one field, as people
 * write it). Empty is allowed by the schema: a logged-in user's request then uses the account's own
 * mobile or e-mail; a visitor's is refused by the server (and by the form) with
 * `validation.leadContactRequired`.
 */
export const leadContact = z
  .string()
  .trim()
  .max(254, 'validation.leadContact')
  .refine((v) => v === '' || isMobile(v) || isEmail(v), 'validation.leadContact')
  .transform((v) => (v.includes('@') ? v.toLowerCase() : (normalizeMobile(v) ?? v)));

/** The channel of a non-empty contact that passed `leadContact`. */
export const leadContactChannel = (contact: string): 'sms' | 'email' => (contact.includes('@') ? 'email' : 'sms');

export const customPlanLeadBody = z.object({
  company: text(LEAD_COMPANY_MAX, 'validation.leadCompany').refine((v) => [...v].length >= 2, 'validation.leadCompany'),
  contactName: text(LEAD_NAME_MAX, 'validation.leadContactName').refine((v) => v.length >= 1, 'validation.leadContactName'),
  contact: leadContact.default(''),
  volume: z.enum(LEAD_VOLUMES, 'validation.leadVolume'),
  useCase: z.enum(LEAD_USE_CASES, 'validation.leadUseCase'),
  message: multilineText(LEAD_MESSAGE_MAX, 'validation.leadMessage').default(''),
  captchaVerification: captchaVerification.optional(),
});
export type CustomPlanLeadBody = z.input<typeof customPlanLeadBody>;

export const customPlanLeadResult = z.object({
  id,
  /** How the confirmation goes out, and to whom (masked: `138****0001`, `a***@example.com`). */
  channel: z.enum(['sms', 'email']),
  to: z.string(),
});
export type CustomPlanLeadResult = z.output<typeof customPlanLeadResult>;

export const leadApi = {
  leadCreate: defineApi({
    method: 'POST',
    path: '/app-api/ip/custom-plan-lead/create',
    summary:
      'Ask for a custom enterprise plan: company, contact, monthly volume, use case and message; the contact gets a confirmation by SMS or e-mail',
    tags: ['leads'],
    auth: false,
    body: customPlanLeadBody,
    data: customPlanLeadResult,
  }),
};
