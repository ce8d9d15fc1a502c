import { Button, HStack, Text } from '@portal/shared/chakra';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '@portal/shared/router';

/**
 * Page links (real anchors, so crawlers follow them too): previous, the numbers around the current
 * page, next. `href(n)` builds the URL of page n.
 */
export function Pager({ page, pages, href }: { page: number; pages: number; href: (n: number) => string }) {
  const intl = useIntl();
  if (pages <= 1) return null;
  const numbers = Array.from({ length: pages }, (_, i) => i + 1).filter((n) => n === 1 || n === pages || Math.abs(n - page) <= 1);
  return (
    <HStack
      as="nav"
      aria-label={intl.formatMessage({ id: 'marketing.blog.pagination' })}
      gap={1}
      justify="center"
      wrap="wrap"
      data-testid="blog-pager"
    >
      <Button asChild size="sm" variant="outline" disabled={page <= 1} aria-disabled={page <= 1}>
        {page > 1 ? (
          <Link to={href(page - 1)} rel="prev">
            <FormattedMessage id="marketing.blog.prev" />
          </Link>
        ) : (
          <span>
            <FormattedMessage id="marketing.blog.prev" />
          </span>
        )}
      </Button>
      {numbers.map((n, i) => (
        <HStack key={n} gap={1}>
          {i > 0 && n - (numbers[i - 1] ?? n) > 1 ? (
            <Text as="span" px={1} color="fg.muted" aria-hidden="true">
              …
            </Text>
          ) : null}
          <Button asChild size="sm" variant={n === page ? 'solid' : 'ghost'} colorPalette="brand">
            <Link
              to={href(n)}
              aria-current={n === page ? 'page' : undefined}
              aria-label={intl.formatMessage({ id: 'marketing.blog.pageN' }, { page: n })}
            >
              {n}
            </Link>
          </Button>
        </HStack>
      ))}
      <Button asChild size="sm" variant="outline" disabled={page >= pages} aria-disabled={page >= pages}>
        {page < pages ? (
          <Link to={href(page + 1)} rel="next">
            <FormattedMessage id="marketing.blog.next" />
          </Link>
        ) : (
          <span>
            <FormattedMessage id="marketing.blog.next" />
          </span>
        )}
      </Button>
    </HStack>
  );
}
