import { Container, Heading, Stack, Text } from '@portal/shared/chakra';
import { FormattedMessage } from 'react-intl';
import { CustomPlanSection } from '@portal/shared/ui';
import { BuyTraffic } from '@portal/shared/ui/forms';

/** /buy: dynamic residential traffic packages and custom amounts; phones continue in the H5 flow, desktops on /order. */
export default function BuyPage() {
  return (
    <Container maxW="6xl" py={{ base: 6, md: 12 }}>
      <Stack gap={6}>
        <Stack gap={2}>
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            <FormattedMessage id="checkout.buy.title" />
          </Heading>
          <Text color="fg.muted" fontSize="lg">
            <FormattedMessage id="checkout.buy.lead" />
          </Text>
        </Stack>
        <BuyTraffic />
        <Text fontSize="sm" color="fg.muted">
          <FormattedMessage id="checkout.buy.overseas" />
        </Text>
        <CustomPlanSection />
      </Stack>
    </Container>
  );
}
