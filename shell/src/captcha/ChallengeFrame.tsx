import { Box, type BoxProps, Image } from '@portal/shared/chakra';
import type { Ref } from 'react';
import type { ChallengeView } from './challenge-view.ts';

/**
 * A challenge's picture as both puzzles draw it: as wide as the dialog lets it be, at the picture's
 * own proportions, never selected or dragged. `ref` is the frame answers are measured in (useScale);
 * `children` lie over the picture (the puzzle piece, the clicked points).
 */
export function ChallengeFrame({
  challenge,
  ref,
  children,
  ...box
}: { challenge: ChallengeView; ref: Ref<HTMLDivElement> } & BoxProps) {
  return (
    <Box
      ref={ref}
      position="relative"
      w="full"
      maxW={`${challenge.width}px`}
      aspectRatio={`${challenge.width} / ${challenge.height}`}
      userSelect="none"
      {...box}
    >
      <Image
        src={`data:image/png;base64,${challenge.originalImageBase64}`}
        alt=""
        w="full"
        h="full"
        draggable={false}
        borderRadius="md"
      />
      {children}
    </Box>
  );
}
