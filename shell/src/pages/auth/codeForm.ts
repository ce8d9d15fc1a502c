import { z } from 'zod';
import { newPassword } from '@portal/shared';

/** Register and reset-password share these fields: mobile or e-mail, code, password twice. */
export const destinationFields = {
  by: z.enum(['mobile', 'email']),
  mobile: z.string().trim(),
  email: z.string().trim(),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'code.invalid'),
  password: newPassword,
  confirm: z.string(),
};

export function checkDestination(v: { by: 'mobile' | 'email'; mobile: string; email: string }, ctx: z.RefinementCtx) {
  if (v.by === 'mobile' && !/^1[3-9]\d{9}$/.test(v.mobile))
    ctx.addIssue({ code: 'custom', path: ['mobile'], message: 'login.mobileInvalid' });
  if (v.by === 'email' && !z.email().safeParse(v.email).success)
    ctx.addIssue({ code: 'custom', path: ['email'], message: 'form.emailInvalid' });
}

export function checkConfirm(v: { password: string; confirm: string }, ctx: z.RefinementCtx) {
  if (v.password !== v.confirm) ctx.addIssue({ code: 'custom', path: ['confirm'], message: 'form.passwordsMismatch' });
}

/** The destination of a code: exactly one of mobile or e-mail, as the API expects. */
export const destination = (v: { by: 'mobile' | 'email'; mobile: string; email: string }) =>
  v.by === 'mobile' ? { mobile: v.mobile } : { email: v.email };
