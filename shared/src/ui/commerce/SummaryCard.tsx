import { Card } from '../chakra.ts';
import type { ReactNode } from 'react';

/**
 * The side card of a buy page that sums up the choice ("You get", "Order summary"): beside the
 * form on wide screens and kept in view while it scrolls, under it on phones. Children are the
 * Card.Body and Card.Footer.
 */
export function SummaryCard({
  title,
  width,
  sticky = true,
  testId,
  children,
}: {
  title: ReactNode;
  /** Its width beside the form (`'320px'`), or `'full'` when it goes under it. */
  width: string;
  sticky?: boolean;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card.Root
      width={{ base: 'full', lg: width }}
      flexShrink={0}
      alignSelf="flex-start"
      position={{ lg: sticky ? 'sticky' : 'static' }}
      top={{ lg: '88px' }}
      data-testid={testId}
    >
      <Card.Header>
        <Card.Title as="h2">{title}</Card.Title>
      </Card.Header>
      {children}
    </Card.Root>
  );
}
