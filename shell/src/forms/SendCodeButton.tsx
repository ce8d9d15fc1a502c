import { Button } from '@portal/shared/chakra';
import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';

/** Resend countdown length (the spec leaves it open; the server allows one send per 60 s). */
export const RESEND_SECONDS = 60;

type Phase = { kind: 'default' } | { kind: 'sending' } | { kind: 'countdown'; left: number } | { kind: 'again' };

/**
 * The code button of SPEC section 4: default → sent → countdown (seconds) → re-get. `send`
 * resolves true when a code went out, false when it did not (validation, captcha closed, error).
 */
export function SendCodeButton({ send }: { send: () => Promise<boolean> }) {
  const [phase, setPhase] = useState<Phase>({ kind: 'default' });
  useEffect(() => {
    if (phase.kind !== 'countdown') return;
    const timer = setTimeout(
      () => setPhase(phase.left <= 1 ? { kind: 'again' } : { kind: 'countdown', left: phase.left - 1 }),
      1000,
    );
    return () => clearTimeout(timer);
  }, [phase]);
  const click = async () => {
    const before = phase;
    setPhase({ kind: 'sending' });
    const sent = await send().catch(() => false);
    setPhase(sent ? { kind: 'countdown', left: RESEND_SECONDS } : before);
  };
  return (
    <Button
      type="button"
      variant="outline"
      minW="32"
      flexShrink={0}
      onClick={click}
      loading={phase.kind === 'sending'}
      disabled={phase.kind === 'countdown'}
      data-testid="send-code"
    >
      {phase.kind === 'countdown' ? (
        <FormattedMessage id="code.countdown" values={{ seconds: phase.left }} />
      ) : (
        <FormattedMessage id={phase.kind === 'again' ? 'code.again' : 'code.send'} />
      )}
    </Button>
  );
}
