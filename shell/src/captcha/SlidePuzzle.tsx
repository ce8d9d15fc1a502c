import { Box, Image, Stack, Text } from '@portal/shared/chakra';
import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { CaptchaPoint } from './useCaptchaChallenge.ts';

import { ChallengeFrame } from './ChallengeFrame.tsx';
import { type ChallengeView, useScale } from './challenge-view.ts';

export function SlidePuzzle({
  challenge,
  disabled,
  onAnswer,
}: {
  challenge: ChallengeView;
  disabled: boolean;
  onAnswer: (p: CaptchaPoint) => void;
}) {
  const intl = useIntl();
  const frame = useRef<HTMLDivElement>(null);
  const scale = useScale(frame, challenge.width);
  const [x, setX] = useState(0); // in image pixels
  const drag = useRef<{ startX: number; startValue: number } | null>(null);
  const max = challenge.width - 47;
  const release = () => {
    if (drag.current) {
      drag.current = null;
      onAnswer({ x: Math.round(x), y: 5 });
    }
  };
  return (
    <Stack gap={2}>
      <ChallengeFrame ref={frame} challenge={challenge}>
        {challenge.jigsawImageBase64 ? (
          <Image
            src={`data:image/png;base64,${challenge.jigsawImageBase64}`}
            alt=""
            position="absolute"
            top={0}
            h="full"
            style={{ left: `${(x / challenge.width) * 100}%` }}
            draggable={false}
            data-testid="captcha-piece"
          />
        ) : null}
      </ChallengeFrame>
      <Box
        position="relative"
        h="10"
        maxW={`${challenge.width}px`}
        bg="bg.muted"
        borderRadius="md"
        borderWidth="1px"
        data-testid="captcha-track"
      >
        <Text
          position="absolute"
          inset={0}
          display="flex"
          alignItems="center"
          justifyContent="center"
          fontSize="xs"
          color="fg.muted"
          pointerEvents="none"
        >
          <FormattedMessage id="captcha.slideHint" />
        </Text>
        <Box
          role="slider"
          tabIndex={disabled ? -1 : 0}
          aria-label={intl.formatMessage({ id: 'captcha.sliderLabel' })}
          aria-valuemin={0}
          aria-valuemax={max}
          aria-valuenow={Math.round(x)}
          aria-disabled={disabled}
          data-testid="captcha-handle"
          position="absolute"
          top="-1px"
          h="10"
          w="12"
          bg="brand.solid"
          color="white"
          borderRadius="md"
          display="flex"
          alignItems="center"
          justifyContent="center"
          cursor={disabled ? 'default' : 'grab'}
          style={{ left: `calc(${(x / challenge.width) * 100}% )`, touchAction: 'none' }}
          onPointerDown={(e) => {
            if (disabled) return;
            e.currentTarget.setPointerCapture(e.pointerId);
            drag.current = { startX: e.clientX, startValue: x };
          }}
          onPointerMove={(e) => {
            if (!drag.current) return;
            setX(Math.min(max, Math.max(0, drag.current.startValue + (e.clientX - drag.current.startX) * scale())));
          }}
          onPointerUp={release}
          onPointerCancel={release}
          onKeyDown={(e) => {
            if (disabled) return;
            if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
              e.preventDefault();
              const step = e.shiftKey ? 10 : 1;
              setX((v) => Math.min(max, Math.max(0, v + (e.key === 'ArrowRight' ? step : -step))));
            } else if (e.key === 'Enter' || e.key === ' ') {
              e.preventDefault();
              onAnswer({ x: Math.round(x), y: 5 });
            }
          }}
        >
          <svg width="18" height="18" viewBox="0 0 20 20" aria-hidden="true">
            <path d="M7 4l6 6-6 6" stroke="currentColor" strokeWidth="2" fill="none" />
          </svg>
        </Box>
      </Box>
    </Stack>
  );
}
