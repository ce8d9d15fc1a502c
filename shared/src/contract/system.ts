import { z } from 'zod';
import { defineApi } from './define.ts';

export const clientIp = z.object({ ip: z.string() });

export const contactChannel = z.object({
  kind: z.enum(['phone', 'email', 'wechat', 'qq', 'telegram', 'whatsapp', 'skype']),
  value: z.string(),
  label: z.object({ en: z.string(), 'zh-CN': z.string() }),
});

export const website = z.object({
  name: z.object({ en: z.string(), 'zh-CN': z.string() }),
  logoUrl: z.string(),
  domain: z.string(),
  serviceHours: z.object({ en: z.string(), 'zh-CN': z.string() }),
  contacts: z.array(contactChannel),
  icp: z.string().nullable(),
});
export type Website = z.output<typeof website>;

export const systemApi = {
  getIp: defineApi({
    method: 'GET',
    path: '/app-api/getIp',
    summary: "The caller's IP address as the server sees it (honours the trusted proxy)",
    tags: ['system'],
    auth: false,
    data: clientIp,
  }),
  websiteGet: defineApi({
    method: 'GET',
    path: '/app-api/ip/website/get',
    summary: "The substation's site settings: name, logo, contact channels, service hours",
    tags: ['system'],
    auth: false,
    data: website,
  }),
};
