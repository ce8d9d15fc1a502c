import { Box, Button, Container, Heading, SimpleGrid, Skeleton, Stack, Text, Wrap } from '@portal/shared/chakra';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from '@portal/shared/router';
import { BLOG_TAGS, type BlogTag } from '@portal/shared';
import { QueryFailure, useLocalePath } from '@portal/shared/ui';
import { BlogCard } from '../../features/blog/BlogCard.tsx';
import { Pager } from '../../features/blog/Pager.tsx';
import { useBlogPage, useBlogTags } from '../../features/blog/queries.ts';

export const BLOG_PAGE_SIZE = 9;

const isTag = (value: string | null): value is BlogTag => value !== null && (BLOG_TAGS as readonly string[]).includes(value);

/** /blog: newest posts first, a tag filter and page links, all in the URL (?tag=, ?page=). */
export default function BlogListPage() {
  const to = useLocalePath();
  const intl = useIntl();
  const [params] = useSearchParams();
  const rawTag = params.get('tag');
  const tag = isTag(rawTag) ? rawTag : undefined;
  const pageNo = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const posts = useBlogPage(pageNo, BLOG_PAGE_SIZE, tag);
  const tags = useBlogTags();

  const href = (next: { tag?: BlogTag | undefined; page?: number }) => {
    const q = new URLSearchParams();
    if (next.tag) q.set('tag', next.tag);
    if (next.page && next.page > 1) q.set('page', String(next.page));
    const query = q.toString();
    return `${to('/blog')}${query ? `?${query}` : ''}`;
  };
  const pages = posts.data ? Math.max(1, Math.ceil(posts.data.total / BLOG_PAGE_SIZE)) : 1;

  return (
    <Box>
      <Box bg="bg.subtle" borderBottomWidth="1px" py={{ base: 10, md: 14 }}>
        <Container maxW="6xl">
          <Stack gap={3} maxW="3xl">
            <Heading as="h1" size={{ base: '3xl', md: '4xl' }} letterSpacing="tight">
              <FormattedMessage id="marketing.blog.heading" />
            </Heading>
            <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
              <FormattedMessage id="marketing.blog.lead" />
            </Text>
          </Stack>
        </Container>
      </Box>
      <Container maxW="6xl" py={{ base: 8, md: 12 }}>
        <Stack gap={8}>
          <Wrap as="nav" aria-label={intl.formatMessage({ id: 'marketing.blog.tags' })} gap={2} data-testid="blog-tags">
            <Button asChild size="sm" variant={tag ? 'outline' : 'solid'} colorPalette="brand" borderRadius="full">
              <Link to={href({})} aria-current={tag ? undefined : 'page'}>
                <FormattedMessage id="marketing.blog.allTags" />
              </Link>
            </Button>
            {(tags.data ?? [])
              .filter((t) => t.count > 0)
              .map((t) => (
                <Button
                  key={t.tag}
                  asChild
                  size="sm"
                  variant={t.tag === tag ? 'solid' : 'outline'}
                  colorPalette="brand"
                  borderRadius="full"
                >
                  <Link
                    to={href({ tag: t.tag })}
                    aria-current={t.tag === tag ? 'page' : undefined}
                    data-testid={`blog-tag-${t.tag}`}
                  >
                    <FormattedMessage id={`marketing.blog.tag.${t.tag}`} /> ({t.count})
                  </Link>
                </Button>
              ))}
          </Wrap>

          {posts.isError ? (
            <QueryFailure onRetry={() => void posts.refetch()} />
          ) : posts.isPending ? (
            <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap={6} aria-busy="true">
              {[1, 2, 3].map((n) => (
                <Skeleton key={n} height="240px" borderRadius="xl" />
              ))}
            </SimpleGrid>
          ) : posts.data.list.length === 0 ? (
            <Stack align="center" py={16} gap={3} textAlign="center" data-testid="blog-empty">
              <Text fontSize="lg" fontWeight="semibold">
                <FormattedMessage id="marketing.blog.empty" />
              </Text>
              {tag || pageNo > 1 ? (
                <Button asChild variant="outline" colorPalette="brand">
                  <Link to={href({})}>
                    <FormattedMessage id="marketing.blog.allPosts" />
                  </Link>
                </Button>
              ) : null}
            </Stack>
          ) : (
            <SimpleGrid
              columns={{ base: 1, md: 2, lg: 3 }}
              gap={6}
              opacity={posts.isPlaceholderData ? 0.6 : 1}
              data-testid="blog-list"
            >
              {posts.data.list.map((post) => (
                <BlogCard key={post.slug} post={post} />
              ))}
            </SimpleGrid>
          )}

          <Pager page={pageNo} pages={pages} href={(n) => href({ tag, page: n })} />
        </Stack>
      </Container>
    </Box>
  );
}
