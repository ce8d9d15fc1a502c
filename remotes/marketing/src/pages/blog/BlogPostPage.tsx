import {
  Badge,
  Box,
  Breadcrumb,
  Button,
  Container,
  Heading,
  HStack,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Wrap,
} from '@portal/shared/chakra';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from '@portal/shared/router';
import { ContentErrorCode } from '@portal/shared';
import { ApiError } from '@portal/shared/browser';
import { QueryFailure, RichText, useLocalePath, usePageTitle } from '@portal/shared/ui';
import { BlogCard } from '../../features/blog/BlogCard.tsx';
import { useBlogPost } from '../../features/blog/queries.ts';
import { CallToAction } from '../../features/sections/CallToAction.tsx';

function BackToBlog() {
  const to = useLocalePath();
  return (
    <Button asChild variant="outline" colorPalette="brand" data-testid="blog-back">
      <Link to={to('/blog')}>
        <FormattedMessage id="marketing.blog.back" />
      </Link>
    </Button>
  );
}

/** /blog/{slug}: the article in the reader's language, then related posts. */
export default function BlogPostPage() {
  const { slug = '' } = useParams();
  const to = useLocalePath();
  const intl = useIntl();
  const post = useBlogPost(slug);
  usePageTitle(post.data?.title);

  if (post.isPending) {
    return (
      <Container maxW="3xl" py={{ base: 8, md: 14 }}>
        <Stack gap={4} aria-busy="true">
          <Skeleton height="20px" width="160px" />
          <Skeleton height="48px" />
          <Skeleton height="20px" width="240px" />
          <Skeleton height="320px" />
        </Stack>
      </Container>
    );
  }
  if (post.isError) {
    const missing = post.error instanceof ApiError && post.error.code === ContentErrorCode.PostNotFound;
    return (
      <Container maxW="3xl" py={{ base: 12, md: 20 }}>
        {missing ? (
          <Stack gap={4} align="flex-start" data-testid="blog-not-found">
            <Heading as="h1" size="2xl">
              <FormattedMessage id="marketing.blog.notFound.title" />
            </Heading>
            <Text color="fg.muted">
              <FormattedMessage id="marketing.blog.notFound.text" />
            </Text>
            <BackToBlog />
          </Stack>
        ) : (
          <QueryFailure onRetry={() => void post.refetch()} />
        )}
      </Container>
    );
  }

  const p = post.data;
  return (
    <Box>
      <Container as="article" maxW="3xl" py={{ base: 8, md: 14 }} data-testid="blog-article" data-slug={p.slug}>
        <Stack gap={5}>
          <Breadcrumb.Root size="sm" aria-label={intl.formatMessage({ id: 'marketing.blog.breadcrumb' })}>
            <Breadcrumb.List>
              <Breadcrumb.Item>
                <Breadcrumb.Link asChild>
                  <Link to={to('/blog')}>
                    <FormattedMessage id="marketing.blog.heading" />
                  </Link>
                </Breadcrumb.Link>
              </Breadcrumb.Item>
              <Breadcrumb.Separator />
              <Breadcrumb.Item>
                <Breadcrumb.CurrentLink lineClamp={1}>{p.title}</Breadcrumb.CurrentLink>
              </Breadcrumb.Item>
            </Breadcrumb.List>
          </Breadcrumb.Root>
          <Heading as="h1" size={{ base: '2xl', md: '4xl' }} lineHeight="1.25" letterSpacing="tight">
            {p.title}
          </Heading>
          <Text fontSize={{ base: 'md', md: 'xl' }} color="fg.muted">
            {p.summary}
          </Text>
          <HStack gap={3} fontSize="sm" color="fg.muted" wrap="wrap">
            <Text as="span">
              <FormattedMessage
                id="marketing.blog.published"
                values={{
                  date: <FormattedDate value={p.publishedAt} year="numeric" month="long" day="numeric" timeZone="UTC" />,
                }}
              />
            </Text>
            {p.updatedAt > p.publishedAt + 86_400_000 ? (
              <Text as="span">
                <FormattedMessage
                  id="marketing.blog.updated"
                  values={{
                    date: <FormattedDate value={p.updatedAt} year="numeric" month="long" day="numeric" timeZone="UTC" />,
                  }}
                />
              </Text>
            ) : null}
            <Text as="span">
              <FormattedMessage id="marketing.blog.readingMinutes" values={{ minutes: p.readingMinutes }} />
            </Text>
          </HStack>
          <Wrap gap={2}>
            {p.tags.map((tag) => (
              <Badge key={tag} asChild colorPalette="brand" variant="subtle">
                <Link to={`${to('/blog')}?tag=${tag}`}>
                  <FormattedMessage id={`marketing.blog.tag.${tag}`} />
                </Link>
              </Badge>
            ))}
          </Wrap>
          <Box borderTopWidth="1px" pt={6}>
            <RichText html={p.html} data-testid="blog-body" />
          </Box>
          <Box pt={4}>
            <BackToBlog />
          </Box>
        </Stack>
      </Container>
      {p.related.length > 0 ? (
        <Box as="section" aria-labelledby="related-title" bg="bg.subtle" py={{ base: 10, md: 14 }}>
          <Container maxW="6xl">
            <Heading as="h2" id="related-title" size="2xl" mb={6}>
              <FormattedMessage id="marketing.blog.related" />
            </Heading>
            <SimpleGrid columns={{ base: 1, md: 3 }} gap={6} data-testid="blog-related">
              {p.related.map((r) => (
                <BlogCard key={r.slug} post={r} headingLevel="h3" />
              ))}
            </SimpleGrid>
          </Container>
        </Box>
      ) : null}
      <CallToAction />
    </Box>
  );
}
