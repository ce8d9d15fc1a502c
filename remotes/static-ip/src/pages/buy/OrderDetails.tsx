import { HStack, IconButton, Stack, Text } from '@portal/shared/chakra';
import { Field, Input, NumberInput } from '@portal/shared/chakra/deferred';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ResourceType } from '@portal/shared';
import { REMARK_MAX } from '../../features/catalogue/selection.ts';
import { Section } from './BuyChoices.tsx';
import type { BuyForm } from './useBuyForm.ts';

/** How many IPs (within the region's stock, at most 100) and an optional remark. */
export function OrderDetails({ type, form }: { type: ResourceType; form: BuyForm }) {
  const intl = useIntl();
  const { max, count, remark } = form;
  return (
    <Section title="static.buy.details" gap={5}>
      <Stack gap={1.5}>
        <NumberInput.Root
          unstyled
          value={form.countText}
          onValueChange={(d) => form.typeCount(d.value)}
          min={1}
          max={Math.max(1, max)}
          step={1}
          disabled={max === 0}
          invalid={max > 0 && count === null}
          inputMode="numeric"
          formatOptions={{ maximumFractionDigits: 0, useGrouping: false }}
          translations={{
            incrementLabel: intl.formatMessage({ id: 'static.buy.countMore' }),
            decrementLabel: intl.formatMessage({ id: 'static.buy.countLess' }),
          }}
        >
          <NumberInput.Label fontWeight="medium" fontSize="sm" display="block" mb={1.5}>
            <FormattedMessage id="static.buy.count" />
          </NumberInput.Label>
          <HStack gap={2}>
            <NumberInput.DecrementTrigger asChild>
              <IconButton variant="outline" size="md" fontSize="lg">
                −
              </IconButton>
            </NumberInput.DecrementTrigger>
            {/* Zag names the role "numberfield" in English whatever the page's language. */}
            <NumberInput.Input asChild>
              <Input
                data-testid="static-count"
                w="24"
                textAlign="center"
                aria-describedby={`static-count-hint-${type}`}
                aria-roledescription={intl.formatMessage({ id: 'static.buy.countRole' })}
              />
            </NumberInput.Input>
            <NumberInput.IncrementTrigger asChild>
              <IconButton variant="outline" size="md" fontSize="lg">
                +
              </IconButton>
            </NumberInput.IncrementTrigger>
          </HStack>
        </NumberInput.Root>
        <Text
          id={`static-count-hint-${type}`}
          fontSize="sm"
          color={max > 0 && count === null ? 'red.700' : 'fg.muted'}
          data-testid="static-count-hint"
        >
          {max > 0 ? (
            <FormattedMessage id="static.buy.countRange" values={{ max }} />
          ) : (
            <FormattedMessage id="static.buy.chooseRegion" />
          )}
        </Text>
      </Stack>
      <Field.Root invalid={form.remarkTooLong}>
        <Field.Label>
          <FormattedMessage id="static.buy.remark" />
        </Field.Label>
        <Input
          value={remark}
          onChange={(e) => form.setRemark(e.target.value)}
          maxLength={REMARK_MAX}
          placeholder={intl.formatMessage({ id: 'static.buy.remarkPlaceholder' })}
          data-testid="static-buy-remark"
        />
        <Field.HelperText>
          <FormattedMessage id="static.remark.length" values={{ length: remark.length, max: REMARK_MAX }} />
        </Field.HelperText>
      </Field.Root>
    </Section>
  );
}
