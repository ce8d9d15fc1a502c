import { z } from 'zod';

// Validators shared by the variables of several concerns.

// Empty values are common in .env files and mean "not set", never "the empty string".
export const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

export const flag = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ['1', '0', 'true', 'false', 'yes', 'no'].includes(v), 'expected true/false (or 1/0)')
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

// A DNS host name (or an IP address): letters, digits, dots and hyphens.
export const HOST_NAME =
  /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
export const hostName = z.string().trim().toLowerCase().regex(HOST_NAME, 'expected a host name (e.g. gate.novaproxy.com)');

export const port = z
  .string()
  .trim()
  .regex(/^\d{1,5}$/, 'expected a port number (0-65535)')
  .transform(Number)
  .refine((n) => n <= 65535, 'expected a port number (0-65535)');

// Provider endpoints: https, or http on this machine (a local relay or test double).
export const httpsUrl = z
  .string()
  .trim()
  .refine((v) => {
    if (!URL.canParse(v)) return false;
    const url = new URL(v);
    return url.protocol === 'https:' || (url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname));
  }, 'expected an https:// URL (http:// only for localhost)');

export const isSet = (env: NodeJS.ProcessEnv, key: string) => (env[key] ?? '').trim() !== '';
