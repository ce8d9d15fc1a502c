import { Container, Stack } from '@portal/shared/chakra';
import { PageHeader } from '@portal/shared/ui';
import { BuyTraffic } from '@portal/shared/ui/forms';

/** /admin/dynamic/buy: the same choice as /buy, inside the user centre; paying continues on /order, or /h5/pay on phones. */
export default function DynamicBuyPage() {
  return (
    <Container maxW="6xl" py={{ base: 6, md: 10 }}>
      <Stack gap={6}>
        <PageHeader titleId="shared.page.dynamicBuy" descriptionId="uc.dynamicBuy.lead" />
        <BuyTraffic />
      </Stack>
    </Container>
  );
}
