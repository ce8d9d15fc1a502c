import { Box } from '@portal/shared/chakra';
import { useRef, useState } from 'react';
import type { CaptchaPoint } from './useCaptchaChallenge.ts';

import { ChallengeFrame } from './ChallengeFrame.tsx';
import { type ChallengeView, useScale } from './challenge-view.ts';

export function ClickWords({
  challenge,
  disabled,
  onAnswer,
}: {
  challenge: ChallengeView;
  disabled: boolean;
  onAnswer: (p: CaptchaPoint[]) => void;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const scale = useScale(frame, challenge.width);
  const [points, setPoints] = useState<CaptchaPoint[]>([]);
  const needed = challenge.wordList?.length ?? 0;
  return (
    <ChallengeFrame
      ref={frame}
      challenge={challenge}
      cursor={disabled ? 'default' : 'crosshair'}
      data-testid="captcha-image"
      onClick={(e) => {
        if (disabled || points.length >= needed) return;
        const box = e.currentTarget.getBoundingClientRect();
        const s = scale();
        const next = [...points, { x: Math.round((e.clientX - box.left) * s), y: Math.round((e.clientY - box.top) * s) }];
        setPoints(next);
        if (next.length === needed) onAnswer(next);
      }}
    >
      {points.map((p, i) => (
        <Box
          key={`${p.x}:${p.y}`}
          position="absolute"
          w="6"
          h="6"
          ml="-3"
          mt="-3"
          borderRadius="full"
          bg="brand.solid"
          color="white"
          fontSize="xs"
          fontWeight="bold"
          display="flex"
          alignItems="center"
          justifyContent="center"
          style={{ left: `${(p.x / challenge.width) * 100}%`, top: `${(p.y / challenge.height) * 100}%` }}
        >
          {i + 1}
        </Box>
      ))}
    </ChallengeFrame>
  );
}
