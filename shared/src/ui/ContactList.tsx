import { Link, Stack, Text } from './chakra.ts';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { Website } from '../contract/index.ts';
import { useLocalized } from './substation.ts';

const HREF: Partial<Record<Website['contacts'][number]['kind'], (v: string) => string>> = {
  phone: (v) => `tel:${v.replace(/[^+\d]/g, '')}`,
  email: (v) => `mailto:${v}`,
  telegram: (v) => `https://t.me/${v.replace(/^@/, '')}`,
  whatsapp: (v) => `https://wa.me/${v.replace(/[^\d]/g, '')}`,
};

/** The substation's contact channels; those that have a link scheme are clickable. */
export function ContactList({ contacts }: { contacts: Website['contacts'] }) {
  const localized = useLocalized();
  return (
    <Stack as="ul" gap={2} listStyleType="none">
      {contacts.map((c) => {
        const href = HREF[c.kind]?.(c.value);
        return (
          <Text as="li" key={`${c.kind}:${c.value}`} fontSize="sm">
            {/* "Phone: …" / "电话：…": each language's own colon and spacing. */}
            <FormattedMessage
              id="shared.contact.line"
              values={{
                name: (chunks: ReactNode[]) => (
                  <Text as="span" color="fg.muted">
                    {chunks}
                  </Text>
                ),
                label: localized(c.label),
                value: href ? (
                  <Link
                    href={href}
                    color="brand.fg"
                    target={c.kind === 'telegram' || c.kind === 'whatsapp' ? '_blank' : undefined}
                    rel="noreferrer"
                  >
                    {c.value}
                  </Link>
                ) : (
                  <Text as="span" fontWeight="medium">
                    {c.value}
                  </Text>
                ),
              }}
            />
          </Text>
        );
      })}
    </Stack>
  );
}
