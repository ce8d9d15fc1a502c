import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from 'react';
import { deferred } from '../app/deferred.ts';

/** `force`: open the check even with the captcha switched off (the server asked for one). */
type Verify = (options?: { force?: boolean }) => Promise<string | null>;
const CaptchaContext = createContext<Verify | null>(null);

type DialogComponent = typeof import('./CaptchaDialog.tsx').CaptchaDialog;

/**
 * The dialog (and the Chakra dialog it is built from) loads the first time a form asks for the
 * check, not with every page: most visits never see it.
 */
const loadDialog = deferred(() => import('./CaptchaDialog.tsx').then((m) => m.CaptchaDialog));

/**
 * `const verify = useCaptcha(); const captchaVerification = await verify();` opens the security
 * check and resolves with the verification, or null when the user closed it (or its code could not
 * be loaded). When the server has the captcha switched off (client config), it resolves at once
 * with undefined-equivalent '', unless `force` is given: the server may still ask for one (a login
 * id under attack, decision 0030).
 */
export function CaptchaProvider({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  // Kept once loaded, so closing plays the dialog's exit animation.
  const [Dialog, setDialog] = useState<DialogComponent | null>(null);
  const pending = useRef<((v: string | null) => void) | null>(null);
  const settle = useCallback((value: string | null) => {
    setOpen(false);
    pending.current?.(value);
    pending.current = null;
  }, []);
  const verify = useCallback<Verify>(
    (options) => {
      if (!enabled && !options?.force) return Promise.resolve('');
      return new Promise((resolve) => {
        pending.current = resolve;
        loadDialog().then(
          (component) => {
            setDialog(() => component);
            setOpen(true);
          },
          (error: unknown) => {
            console.error('the security check could not be loaded', error);
            settle(null);
          },
        );
      });
    },
    [enabled, settle],
  );
  return (
    <CaptchaContext.Provider value={verify}>
      {children}
      {Dialog ? <Dialog open={open} onVerified={(v) => settle(v)} onCancel={() => settle(null)} /> : null}
    </CaptchaContext.Provider>
  );
}

export function useCaptcha(): Verify {
  const verify = useContext(CaptchaContext);
  if (!verify) throw new Error('useCaptcha needs a CaptchaProvider');
  return verify;
}
