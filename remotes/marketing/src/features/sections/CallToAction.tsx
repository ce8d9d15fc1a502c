import { Box, Container, Heading, Stack, Text } from '@portal/shared/chakra';
import { FormattedMessage } from 'react-intl';
import { Link } from '@portal/shared/router';
import { StaticDuringHydration, useLocalePath } from '@portal/shared/ui';
import { LightButton, OutlineLightButton } from './DarkButtons.tsx';

/** The closing band: buy (to the page that sells this product) or create an account first. */
export function CallToAction({ buyPath = '/buy' }: { buyPath?: string }) {
  const to = useLocalePath();
  return (
    <StaticDuringHydration>
      <Box as="section" aria-labelledby="cta-title" py={{ base: 10, md: 16 }}>
        <Container maxW="6xl">
          <Stack
            direction={{ base: 'column', md: 'row' }}
            align={{ md: 'center' }}
            justify="space-between"
            gap={6}
            bg="brand.900"
            color="white"
            borderRadius="2xl"
            px={{ base: 6, md: 12 }}
            py={{ base: 8, md: 10 }}
          >
            <Stack gap={2}>
              <Heading as="h2" id="cta-title" size={{ base: 'xl', md: '2xl' }}>
                <FormattedMessage id="marketing.cta.title" />
              </Heading>
              <Text color="whiteAlpha.900">
                <FormattedMessage id="marketing.cta.text" />
              </Text>
            </Stack>
            <Stack direction={{ base: 'column', sm: 'row' }} gap={3} flexShrink={0}>
              <LightButton asChild>
                <Link to={to(buyPath)} data-testid="cta-buy">
                  <FormattedMessage id="marketing.cta.buy" />
                </Link>
              </LightButton>
              <OutlineLightButton asChild>
                <Link to={to('/register')}>
                  <FormattedMessage id="marketing.cta.register" />
                </Link>
              </OutlineLightButton>
            </Stack>
          </Stack>
        </Container>
      </Box>
    </StaticDuringHydration>
  );
}
