import { z } from 'zod';
import { httpsUrl, optional } from './parse.ts';

// 32 random bytes in base64 (`openssl rand -base64 32`).
const dataKey = z
  .string()
  .trim()
  .refine(
    (v) => /^[A-Za-z0-9+/]+={0,2}$/.test(v) && Buffer.from(v, 'base64').length === 32,
    'expected 32 bytes in base64 (openssl rand -base64 32)',
  )
  .transform((v) => Buffer.from(v, 'base64'));

/** Sensitive data at rest and real-name certification. */
export const certificationEnv = {
  DATA_ENCRYPTION_KEY: optional(dataKey),
  IDV_URL: optional(httpsUrl),
  IDV_APP_CODE: optional(z.string().trim()),
  CERT_MAX_ACCOUNTS_PER_ID_CARD: optional(
    z
      .string()
      .trim()
      .regex(/^\d{1,4}$/, 'expected a whole number from 1 to 1000')
      .transform(Number)
      .refine((n) => n >= 1 && n <= 1000, 'expected a whole number from 1 to 1000'),
  ).default(3),
};
