import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from 'react';
import { CaptchaDialog } from './CaptchaDialog.tsx';

type Verify = () => Promise<string | null>;
const CaptchaContext = createContext<Verify | null>(null);

/**
 * `const verify = useCaptcha(); const captchaVerification = await verify();` opens the security
 * check and resolves with the verification, or null when the user closed it. When the server has
 * the captcha switched off (client config), it resolves at once with undefined-equivalent ''.
 */
export function CaptchaProvider({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const pending = useRef<((v: string | null) => void) | null>(null);
  const verify = useCallback<Verify>(() => {
    if (!enabled) return Promise.resolve('');
    return new Promise((resolve) => {
      pending.current = resolve;
      setOpen(true);
    });
  }, [enabled]);
  const settle = (value: string | null) => {
    setOpen(false);
    pending.current?.(value);
    pending.current = null;
  };
  return (
    <CaptchaContext.Provider value={verify}>
      {children}
      {enabled ? <CaptchaDialog open={open} onVerified={(v) => settle(v)} onCancel={() => settle(null)} /> : null}
    </CaptchaContext.Provider>
  );
}

export function useCaptcha(): Verify {
  const verify = useContext(CaptchaContext);
  if (!verify) throw new Error('useCaptcha needs a CaptchaProvider');
  return verify;
}
