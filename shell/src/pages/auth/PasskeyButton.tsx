import { Button } from '@portal/shared/chakra';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { TwoFactorErrorCode } from '@portal/shared';
import { ApiError } from '@portal/shared/browser';
import { isPasskeyCancel, passkeysSupported } from '@portal/shared/browser';
import { signInWithPasskey } from '../../session/passkey.ts';

/**
 * Signs in with a passkey (decision 0057): alone, the whole sign-in without password; with the
 * password step's `challenge`, its second factor. The browser's prompt does the rest; closing it is
 * not an error, an expired challenge sends the visitor back to the password.
 */
export function PasskeyButton({
  challenge,
  labelId,
  variant = 'outline',
  onSignedIn,
  onFailure,
  onRestart,
}: {
  challenge?: string;
  labelId: string;
  variant?: 'outline' | 'solid';
  onSignedIn: () => void;
  onFailure: (message: string | null) => void;
  onRestart?: () => void;
}) {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    onFailure(null);
    if (!passkeysSupported()) {
      onFailure(intl.formatMessage({ id: 'login.passkey.unsupported' }));
      return;
    }
    setBusy(true);
    try {
      await signInWithPasskey(challenge);
      onSignedIn();
    } catch (e) {
      if (e instanceof ApiError) {
        if (e.kind !== 'business') return;
        onFailure(e.message);
        if (e.code === TwoFactorErrorCode.ChallengeExpired) onRestart?.();
      } else {
        onFailure(
          intl.formatMessage({
            id: isPasskeyCancel(e) ? 'login.passkey.cancelled' : challenge ? 'login.passkey.failedStep' : 'login.passkey.failed',
          }),
        );
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      type="button"
      variant={variant}
      colorPalette="brand"
      size="lg"
      loading={busy}
      onClick={() => void run()}
      data-testid={challenge ? 'passkey-second-factor' : 'passkey-sign-in'}
    >
      <KeyIcon />
      <FormattedMessage id={labelId} />
    </Button>
  );
}

/** A key, drawn inline (no icon package on the login page's first paint). */
function KeyIcon() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <circle cx="7.5" cy="15.5" r="4.5" />
      <path d="m10.7 12.3 9.8-9.8M17 6l3 3M14.5 8.5l2 2" />
    </svg>
  );
}
