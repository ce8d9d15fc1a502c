import type { Website } from '@portal/shared';
import { sql } from 'drizzle-orm';
import { boolean, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

type Bilingual = Website['name'];
type Contact = Website['contacts'][number];

/**
 * One row per substation (site), looked up by the request's host name; the default row answers for
 * any other host. Bilingual texts are jsonb `{ en, zh-CN }` so the whole row maps 1:1 to the contract.
 */
export const siteSettings = pgTable(
  'site_settings',
  {
    id: serial('id').primaryKey(),
    domain: text('domain').notNull().unique(),
    isDefault: boolean('is_default').notNull().default(false),
    name: jsonb('name').$type<Bilingual>().notNull(),
    logoUrl: text('logo_url').notNull(),
    serviceHours: jsonb('service_hours').$type<Bilingual>().notNull(),
    contacts: jsonb('contacts').$type<Contact[]>().notNull().default([]),
    icp: text('icp'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // At most one default site.
  (t) => [uniqueIndex('site_settings_one_default').on(t.isDefault).where(sql`${t.isDefault}`)],
);
