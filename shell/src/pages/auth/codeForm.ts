import { z } from 'zod';
import { type CountryCode, internationalForm, isPhoneRegion, isValidMobile, newPassword } from '@portal/shared';

/** Register and reset-password share these fields: mobile or e-mail, code, password twice. */
export const destinationFields = {
  by: z.enum(['mobile', 'email']),
  /** The mobile number's country (ISO 3166-1 alpha-2), from the picker. */
  country: z.string(),
  mobile: z.string().trim(),
  email: z.string().trim(),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'code.invalid'),
  password: newPassword,
  confirm: z.string(),
};

type Destination = { by: 'mobile' | 'email'; country: string; mobile: string; email: string };

/** The number as the API takes it: `+` and the picked country's code, then the national number. */
const mobileOf = (v: Destination) => internationalForm((isPhoneRegion(v.country) ? v.country : 'CN') as CountryCode, v.mobile);

export function checkDestination(v: Destination, ctx: z.RefinementCtx) {
  // The contract's own rule (libphonenumber; mainland numbers as before), so form and server agree.
  if (v.by === 'mobile' && !isValidMobile(mobileOf(v)))
    ctx.addIssue({ code: 'custom', path: ['mobile'], message: 'login.mobileInvalid' });
  if (v.by === 'email' && !z.email().safeParse(v.email).success)
    ctx.addIssue({ code: 'custom', path: ['email'], message: 'form.emailInvalid' });
}

export function checkConfirm(v: { password: string; confirm: string }, ctx: z.RefinementCtx) {
  if (v.password !== v.confirm) ctx.addIssue({ code: 'custom', path: ['confirm'], message: 'form.passwordsMismatch' });
}

/** The destination of a code: exactly one of mobile or e-mail, as the API expects. */
export const destination = (v: Destination) => (v.by === 'mobile' ? { mobile: mobileOf(v) } : { email: v.email });

/** Where a form starts: e-mail for English visitors, the mobile number for Chinese ones. */
export const initialChannel = (locale: string): 'mobile' | 'email' => (locale === 'en' ? 'email' : 'mobile');

/** The phone picker's country before the browser's region is known: the mainland, or the US in English. */
export const initialCountry = (locale: string): CountryCode => (locale === 'en' ? 'US' : 'CN');

/** The fields of `destinationFields` as a form starts them: empty, on the channel and country of the page's language. */
export const destinationDefaults = (locale: string) => ({
  by: initialChannel(locale),
  country: initialCountry(locale),
  mobile: '',
  email: '',
  code: '',
  password: '',
  confirm: '',
});
