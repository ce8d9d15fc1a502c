import { Accordion } from '@portal/shared/chakra';
import { FormattedMessage } from 'react-intl';

/** Questions and answers of a page: `${prefix}.q${n}` / `${prefix}.a${n}` messages, n = 1…count. */
export function Faq({ prefix, count, values }: { prefix: string; count: number; values?: Record<string, string | number> }) {
  const items = Array.from({ length: count }, (_, i) => i + 1);
  return (
    <Accordion.Root collapsible multiple variant="enclosed" data-testid="faq">
      {items.map((n) => (
        <Accordion.Item key={n} value={String(n)}>
          <Accordion.ItemTrigger fontWeight="semibold" py={4}>
            <span>
              <FormattedMessage id={`${prefix}.q${n}`} />
            </span>
            <Accordion.ItemIndicator ms="auto" />
          </Accordion.ItemTrigger>
          <Accordion.ItemContent>
            <Accordion.ItemBody color="fg.muted" lineHeight="1.7">
              <FormattedMessage id={`${prefix}.a${n}`} values={values} />
            </Accordion.ItemBody>
          </Accordion.ItemContent>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
