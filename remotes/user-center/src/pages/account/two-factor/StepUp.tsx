import { Button, CloseButton, Portal, Stack, Text } from '@portal/shared/chakra';
import { Dialog, Field, Input } from '@portal/shared/chakra/deferred';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { api, secondFactorCode, TwoFactorErrorCode } from '@portal/shared';
import { ApiError, callApi } from '@portal/shared/browser';
import { fieldMessage } from '@portal/shared/ui';
import { twoFactorKey } from './keys.ts';
import { isPasskeyCancel } from '@portal/shared/browser';
import { verifyWithPasskey } from './webauthn.ts';

/** Whether an error is the server's "confirm it is you first" (decision 0056). */
export const needsRecentCheck = (e: unknown) =>
  e instanceof ApiError && e.kind === 'business' && e.code === TwoFactorErrorCode.RecentCheckRequired;

/**
 * Sensitive actions (password change, new API token, turning two factors off…) with the step-up
 * check: `guard(call)` runs the call; when the server answers RecentCheckRequired, a dialog asks for
 * a passkey or the authenticator code (or a recovery code), checks it for this session and runs the
 * call again.
 * Cancelling rethrows the original error. Render `dialog` once in the component.
 */
export function useStepUp(): { guard: <T>(call: () => Promise<T>) => Promise<T>; dialog: ReactNode } {
  const [open, setOpen] = useState(false);
  const settle = useRef<((ok: boolean) => void) | null>(null);
  const ask = () =>
    new Promise<boolean>((resolve) => {
      settle.current = resolve;
      setOpen(true);
    });
  const finish = (ok: boolean) => {
    setOpen(false);
    settle.current?.(ok);
    settle.current = null;
  };
  const guard = async <T,>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (e) {
      if (!needsRecentCheck(e) || !(await ask())) throw e;
      return call();
    }
  };
  return { guard, dialog: <StepUpDialog open={open} onDone={finish} /> };
}

function StepUpDialog({ open, onDone }: { open: boolean; onDone: (ok: boolean) => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  // What the member can confirm with: a passkey, the app's code, or both (unknown yet: the code field).
  const status = useQuery({ queryKey: twoFactorKey, queryFn: () => callApi(api.twoFactorStatus), enabled: open });
  const withPasskey = (status.data?.passkeys ?? 0) > 0;
  const withCode = status.data?.app ?? true;
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const confirmWithPasskey = async () => {
    setError(null);
    setPasskeyBusy(true);
    try {
      await verifyWithPasskey();
      await queryClient.invalidateQueries({ queryKey: twoFactorKey });
      close(true);
    } catch (e) {
      setError(
        e instanceof ApiError && e.kind === 'business'
          ? e.message
          : intl.formatMessage({ id: isPasskeyCancel(e) ? 'uc.passkeys.cancelled' : 'uc.twoFactor.failed' }),
      );
    } finally {
      setPasskeyBusy(false);
    }
  };
  const close = (ok: boolean) => {
    setCode('');
    setError(null);
    onDone(ok);
  };
  const submit = async () => {
    const parsed = secondFactorCode.safeParse(code);
    if (!parsed.success) {
      setError(fieldMessage(intl, parsed.error.issues[0]?.message) ?? null);
      return;
    }
    setBusy(true);
    try {
      await callApi(api.twoFactorVerify, { body: { code: parsed.data } });
      await queryClient.invalidateQueries({ queryKey: twoFactorKey });
      close(true);
    } catch (e) {
      setError(e instanceof ApiError && e.kind === 'business' ? e.message : intl.formatMessage({ id: 'uc.twoFactor.failed' }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog.Root open={open} onOpenChange={(d) => (d.open ? null : close(false))} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="step-up-dialog" mx={3}>
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                // A portal still bubbles React events: the form of the dialog that asked must not submit too.
                e.stopPropagation();
                void submit();
              }}
            >
              <Dialog.Header>
                <Dialog.Title>
                  <FormattedMessage id="uc.twoFactor.stepUpTitle" />
                </Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap={3}>
                  <Text>
                    <FormattedMessage
                      id={
                        withCode
                          ? withPasskey
                            ? 'uc.twoFactor.stepUpTextBoth'
                            : 'uc.twoFactor.stepUpText'
                          : 'uc.twoFactor.stepUpTextPasskey'
                      }
                    />
                  </Text>
                  {withPasskey ? (
                    <Button
                      colorPalette="brand"
                      variant={withCode ? 'outline' : 'solid'}
                      loading={passkeyBusy}
                      onClick={() => void confirmWithPasskey()}
                      data-testid="step-up-passkey"
                    >
                      <FormattedMessage id="uc.passkeys.use" />
                    </Button>
                  ) : null}
                  {!withCode && error ? (
                    <Text color="fg.error" fontSize="sm" role="alert">
                      {error}
                    </Text>
                  ) : null}
                  {withCode ? (
                    <Field.Root invalid={error !== null} required>
                      <Field.Label>
                        <FormattedMessage id="uc.twoFactor.code" />
                      </Field.Label>
                      <Input
                        value={code}
                        onChange={(e) => setCode(e.target.value)}
                        autoComplete="one-time-code"
                        data-testid="step-up-code"
                      />
                      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
                    </Field.Root>
                  ) : null}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={() => close(false)}>
                  <FormattedMessage id="uc.twoFactor.cancel" />
                </Button>
                {withCode ? (
                  <Button type="submit" colorPalette="brand" loading={busy} data-testid="step-up-submit">
                    <FormattedMessage id="uc.twoFactor.confirm" />
                  </Button>
                ) : null}
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'uc.twoFactor.close' })} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
