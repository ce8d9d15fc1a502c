import { Box, Button, CloseButton, HStack, Portal, Spinner, Stack, Text } from '@portal/shared/chakra';
import { Dialog } from '@portal/shared/chakra/deferred';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { type CaptchaPoint, type CaptchaType, useCaptchaChallenge } from './useCaptchaChallenge.ts';

import { ClickWords } from './ClickWords.tsx';
import { SlidePuzzle } from './SlidePuzzle.tsx';
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
