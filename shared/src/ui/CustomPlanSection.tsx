import { FormattedMessage } from 'react-intl';
import { useSnapshot } from 'valtio';
import { openCustomPlan, uiStore } from '../state/ui.ts';
import { Box, Button, Heading, List, Stack, Text } from './chakra.ts';

const POINTS = ['volume', 'pricing', 'support'] as const;

/**
 * "Custom plan for teams" (SPEC section 1, decision 0028): a band on the dynamic landing page and
 * on /buy whose button opens the request form the shell shows (any page may open it; the form and
 * its captcha live in the shell, so remotes need no form code for it).
 */
export function CustomPlanSection({ headingLevel = 'h2' }: { headingLevel?: 'h2' | 'h3' }) {
  const { customPlanVisible } = useSnapshot(uiStore);
  return (
    <Box
      as="section"
      id="custom-plan"
      aria-labelledby="custom-plan-title"
      data-testid="custom-plan-section"
      borderWidth="1px"
      borderColor="brand.muted"
      bg="brand.subtle"
      borderRadius="2xl"
      p={{ base: 5, md: 8 }}
      scrollMarginTop="64px"
    >
      <Stack direction={{ base: 'column', md: 'row' }} gap={{ base: 5, md: 10 }} align={{ md: 'center' }} justify="space-between">
        <Stack gap={3} maxW="2xl">
          <Heading as={headingLevel} id="custom-plan-title" size={{ base: 'xl', md: '2xl' }}>
            <FormattedMessage id="shared.customPlan.title" />
          </Heading>
          <Text color="fg.muted">
            <FormattedMessage id="shared.customPlan.lead" />
          </Text>
          <List.Root gap={1} ps={5} color="fg.muted" fontSize="sm">
            {POINTS.map((p) => (
              <List.Item key={p}>
                <FormattedMessage id={`shared.customPlan.point.${p}`} />
              </List.Item>
            ))}
          </List.Root>
        </Stack>
        <Button
          colorPalette="brand"
          size="lg"
          flexShrink={0}
          onClick={openCustomPlan}
          aria-haspopup="dialog"
          aria-expanded={customPlanVisible}
          data-testid="custom-plan-open"
        >
          <FormattedMessage id="shared.customPlan.open" />
        </Button>
      </Stack>
    </Box>
  );
}
