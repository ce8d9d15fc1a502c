import { Box, Button, CloseButton, HStack, Image, Portal, Spinner, Stack, Text } from '@portal/shared/chakra';
import { Dialog } from '@portal/shared/chakra/deferred';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { type CaptchaPoint, type CaptchaType, useCaptchaChallenge } from './useCaptchaChallenge.ts';

type Status = 'idle' | 'checking' | 'success' | 'failed';

/**
 * The security verification (SPEC section 5): "slide right" or "click in order". Resolves through
 * onVerified with the captchaVerification; a wrong answer says 'verification failed' and loads a
 * new challenge; after too many failures from the address it shows the server's "try again in N
 * minutes" until the person asks for a new picture.
 */
export function CaptchaDialog({
  open,
  onVerified,
  onCancel,
}: {
  open: boolean;
  onVerified: (verification: string) => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const { challenge, loading, load, submit } = useCaptchaChallenge();
  const [type, setType] = useState<CaptchaType>(() => (Math.random() < 0.5 ? 'blockPuzzle' : 'clickWord'));
  const [status, setStatus] = useState<Status>('idle');
  const [locked, setLocked] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      setStatus('idle');
      setLocked(null);
      void load(type).catch(() => {});
    }
  }, [open, type, load]);

  const answer = async (point: CaptchaPoint | CaptchaPoint[]) => {
    setStatus('checking');
    const result = await submit(point);
    if (result.ok) {
      setStatus('success');
      setTimeout(() => onVerified(result.verification), 400);
    } else if (result.locked) {
      // Too many failures from this address: the server's message says how long to wait; the
      // message stays until the person asks for a new picture.
      setLocked(result.locked);
      setStatus('failed');
    } else {
      setStatus('failed');
      setTimeout(() => {
        setStatus('idle');
        void load(type).catch(() => {});
      }, 1200);
    }
  };
  const refresh = () => {
    setLocked(null);
    setStatus('idle');
    void load(type).catch(() => {});
  };

  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onCancel()} placement="center" size="sm">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="captcha" data-captcha-type={challenge?.type} data-captcha-token={challenge?.token}>
            <Dialog.Header>
              <Dialog.Title>
                <FormattedMessage id="captcha.title" />
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap={3}>
                <Text fontSize="sm" aria-live="polite">
                  {challenge?.type === 'clickWord' && challenge.wordList ? (
                    <FormattedMessage
                      id="captcha.clickPrompt"
                      values={{ words: challenge.wordList.map((w) => `【${w}】`).join('') }}
                    />
                  ) : (
                    <FormattedMessage id="captcha.slidePrompt" />
                  )}
                </Text>
                {challenge && !loading ? (
                  challenge.type === 'blockPuzzle' ? (
                    <SlidePuzzle key={challenge.token} challenge={challenge} disabled={status !== 'idle'} onAnswer={answer} />
                  ) : (
                    <ClickWords key={challenge.token} challenge={challenge} disabled={status !== 'idle'} onAnswer={answer} />
                  )
                ) : (
                  <Box h="155px" display="flex" alignItems="center" justifyContent="center" bg="bg.muted" borderRadius="md">
                    <Spinner aria-label={intl.formatMessage({ id: 'captcha.loading' })} />
                  </Box>
                )}
                <Text
                  role="status"
                  fontSize="sm"
                  minH="5"
                  color={status === 'failed' ? 'fg.error' : status === 'success' ? 'fg.success' : 'fg.muted'}
                >
                  {status === 'failed' ? (locked ?? <FormattedMessage id="captcha.failed" />) : null}
                  {status === 'success' ? <FormattedMessage id="captcha.success" /> : null}
                </Text>
                <HStack justify="space-between">
                  <Button size="xs" variant="ghost" onClick={refresh} disabled={loading}>
                    <FormattedMessage id="captcha.refresh" />
                  </Button>
                  <Button
                    size="xs"
                    variant="ghost"
                    onClick={() => setType((t) => (t === 'blockPuzzle' ? 'clickWord' : 'blockPuzzle'))}
                  >
                    <FormattedMessage id={type === 'blockPuzzle' ? 'captcha.useClick' : 'captcha.useSlide'} />
                  </Button>
                </HStack>
              </Stack>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'captcha.close' })} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

type ChallengeView = {
  originalImageBase64: string;
  jigsawImageBase64: string | null;
  wordList: string[] | null;
  width: number;
  height: number;
};

/** Image pixels per displayed pixel, so answers are sent in the server's 310×155 coordinates. */
function useScale(ref: React.RefObject<HTMLElement | null>, width: number) {
  return () => width / (ref.current?.getBoundingClientRect().width || width);
}

function SlidePuzzle({
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
      <Box
        ref={frame}
        position="relative"
        w="full"
        maxW={`${challenge.width}px`}
        aspectRatio={`${challenge.width} / ${challenge.height}`}
        userSelect="none"
      >
        <Image
          src={`data:image/png;base64,${challenge.originalImageBase64}`}
          alt=""
          w="full"
          h="full"
          draggable={false}
          borderRadius="md"
        />
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
      </Box>
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

function ClickWords({
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
    <Box
      ref={frame}
      position="relative"
      w="full"
      maxW={`${challenge.width}px`}
      aspectRatio={`${challenge.width} / ${challenge.height}`}
      cursor={disabled ? 'default' : 'crosshair'}
      userSelect="none"
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
      <Image
        src={`data:image/png;base64,${challenge.originalImageBase64}`}
        alt=""
        w="full"
        h="full"
        draggable={false}
        borderRadius="md"
      />
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
    </Box>
  );
}
