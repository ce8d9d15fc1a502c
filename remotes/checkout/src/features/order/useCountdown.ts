import { useEffect, useState } from 'react';
import { formatCountdown } from '@portal/shared';

/** `mm:ss` (or `h:mm:ss`) left until `deadline` (epoch ms), ticking each second; `00:00` once past. */
export function useCountdown(deadline: number): string {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return formatCountdown(deadline - now);
}
