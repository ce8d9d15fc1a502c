import { Badge, Box, Button, Container, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { useLocalePath } from '@portal/shared/ui';

const CLAIMS = [
  { value: '350M+', key: 'ips' },
  { value: '200+', key: 'cities' },
  { value: '99.98%', key: 'availability' },
  { value: '24/7', key: 'support' },
];

export default function HomePage() {
  const to = useLocalePath();
  return (
    <Box>
      <Box bgGradient="to-br" gradientFrom="brand.900" gradientTo="brand.600" color="white" py={{ base: 14, md: 24 }}>
        <Container maxW="6xl">
          <Stack gap={6} maxW="3xl">
            <Badge alignSelf="flex-start" colorPalette="brand" variant="solid" size="lg">
              HTTP · HTTPS · SOCKS5
            </Badge>
            <Heading as="h1" size={{ base: '3xl', md: '5xl' }} lineHeight="1.15">
              <FormattedMessage id="marketing.home.title" />
            </Heading>
            <Text fontSize={{ base: 'lg', md: 'xl' }} color="whiteAlpha.900">
              <FormattedMessage id="marketing.home.tagline" />
            </Text>
            <Stack direction={{ base: 'column', sm: 'row' }} gap={3}>
              <Button asChild size="lg" bg="white" color="brand.800" _hover={{ bg: 'brand.50' }}>
                <Link to={to('/buy')}>
                  <FormattedMessage id="marketing.home.buy" />
                </Link>
              </Button>
              <Button
                asChild
                size="lg"
                variant="outline"
                color="white"
                borderColor="whiteAlpha.700"
                _hover={{ bg: 'whiteAlpha.200' }}
              >
                <Link to={to('/register')}>
                  <FormattedMessage id="marketing.home.register" />
                </Link>
              </Button>
            </Stack>
          </Stack>
        </Container>
      </Box>
      <Container maxW="6xl" py={{ base: 10, md: 14 }}>
        <SimpleGrid columns={{ base: 2, md: 4 }} gap={6}>
          {CLAIMS.map((c) => (
            <Box key={c.value} borderWidth="1px" borderRadius="xl" p={5} bg="bg.panel">
              <Text fontSize={{ base: '2xl', md: '3xl' }} fontWeight="bold" color="brand.fg">
                {c.value}
              </Text>
              <Text color="fg.muted">
                <FormattedMessage id={`marketing.home.claim.${c.key}`} />
              </Text>
            </Box>
          ))}
        </SimpleGrid>
        <Text mt={8} color="fg.muted" fontSize="sm">
          <FormattedMessage id="marketing.home.notice" />
        </Text>
      </Container>
    </Box>
  );
}
