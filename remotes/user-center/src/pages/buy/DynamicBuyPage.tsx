import { Container, Heading, Stack, Text } from '@portal/shared/chakra';
import { FormattedMessage } from 'react-intl';
import { BuyTraffic } from '@portal/shared/ui/forms';

/** /admin/dynamic/buy: the same choice as /buy, inside the user centre; paying continues on /order. */
export default function DynamicBuyPage() {
  return (
    <Container maxW="6xl" py={{ base: 6, md: 10 }}>
      <Stack gap={6}>
        <Stack gap={1}>
          <Heading as="h1" size="2xl">
            <FormattedMessage id="uc.dynamicBuy.title" />
          </Heading>
          <Text color="fg.muted">
            <FormattedMessage id="uc.dynamicBuy.lead" />
          </Text>
        </Stack>
        <BuyTraffic next="/order" />
      </Stack>
    </Container>
  );
}
