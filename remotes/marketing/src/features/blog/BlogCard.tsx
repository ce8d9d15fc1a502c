import { Badge, HStack, Heading, LinkBox, LinkOverlay, Stack, Text, Wrap } from '@portal/shared/chakra';
import { FormattedDate, FormattedMessage } from 'react-intl';
import { Link } from '@portal/shared/router';
import type { BlogPostSummary } from '@portal/shared';
import { useLocalePath } from '@portal/shared/ui';

/** A post in a list: the whole card is one link (the title), tags and date below. */
export function BlogCard({ post, headingLevel = 'h2' }: { post: BlogPostSummary; headingLevel?: 'h2' | 'h3' }) {
  const to = useLocalePath();
  return (
    <LinkBox
      as="article"
      borderWidth="1px"
      borderRadius="xl"
      p={{ base: 5, md: 6 }}
      bg="bg.panel"
      h="full"
      transition="box-shadow 0.15s, border-color 0.15s"
      _hover={{ shadow: 'md', borderColor: 'brand.200' }}
      data-testid="blog-card"
      data-slug={post.slug}
    >
      <Stack gap={3} h="full">
        <Wrap gap={2}>
          {post.tags.map((tag) => (
            <Badge key={tag} colorPalette="brand" variant="subtle">
              <FormattedMessage id={`marketing.blog.tag.${tag}`} />
            </Badge>
          ))}
        </Wrap>
        <Heading as={headingLevel} size="lg" lineHeight="1.35">
          <LinkOverlay asChild>
            <Link to={to(`/blog/${post.slug}`)}>{post.title}</Link>
          </LinkOverlay>
        </Heading>
        <Text color="fg.muted" flex="1" lineClamp={3}>
          {post.summary}
        </Text>
        <HStack fontSize="sm" color="fg.muted" gap={3}>
          <FormattedDate value={post.publishedAt} year="numeric" month="short" day="numeric" timeZone="UTC" />
          <Text as="span" aria-hidden="true">
            ·
          </Text>
          <FormattedMessage id="marketing.blog.readingMinutes" values={{ minutes: post.readingMinutes }} />
        </HStack>
      </Stack>
    </LinkBox>
  );
}
