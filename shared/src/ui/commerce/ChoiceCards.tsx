import { SimpleGrid } from '../chakra.ts';
import { RadioCard } from '../chakra-deferred.ts';
import type { ComponentProps, ReactNode } from 'react';

type GridProps = ComponentProps<typeof SimpleGrid>;

export type ChoiceCardGroupProps = Omit<RadioCard.RootProps, 'children'> & {
  columns: GridProps['columns'];
  gap: GridProps['gap'];
  children: ReactNode;
};

/**
 * One choice among cards laid out in a grid (packages, durations, regions, pay channels, account
 * types). `columns` and `gap` lay out the grid; the rest go to Chakra's RadioCard.Root (name the
 * group with `aria-labelledby` or `aria-label`).
 */
export function ChoiceCardGroup({ columns, gap, children, ...root }: ChoiceCardGroupProps) {
  return (
    <RadioCard.Root colorPalette="brand" {...root}>
      <SimpleGrid columns={columns} gap={gap}>
        {children}
      </SimpleGrid>
    </RadioCard.Root>
  );
}

export type ChoiceCardProps = Omit<RadioCard.ItemProps, 'children'> & {
  /** The card's text (RadioCard.ItemText, ItemDescription, …). */
  children: ReactNode;
  /** Layout of the text column, e.g. `{ gap: 1 }`. */
  contentProps?: RadioCard.ItemContentProps;
  /** The radio dot; off where the card's own highlight is enough (small price cards). */
  indicator?: boolean;
};

/** One card of a ChoiceCardGroup; the rest of the props (value, disabled, data-*) go to RadioCard.Item. */
export function ChoiceCard({ children, contentProps, indicator = true, ...item }: ChoiceCardProps) {
  return (
    <RadioCard.Item {...item}>
      <RadioCard.ItemHiddenInput />
      <RadioCard.ItemControl>
        <RadioCard.ItemContent {...contentProps}>{children}</RadioCard.ItemContent>
        {indicator ? <RadioCard.ItemIndicator /> : null}
      </RadioCard.ItemControl>
    </RadioCard.Item>
  );
}
