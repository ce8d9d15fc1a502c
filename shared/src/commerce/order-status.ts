/**
 * The rules every kind of order follows while it waits for payment, written once for the server
 * (which reports statuses) and the pages (which keep them right between two fetches).
 * Recharge and static-IP orders share the numbers: 0 pending, 2 closed (contract/commerce.ts,
 * contract/static-ip.ts).
 */
const PENDING = 0;
const CLOSED = 2;

/** A moment as epoch milliseconds or a Date: the server holds Dates, the pages numbers. */
type Moment = number | Date;

interface PayWindow<S extends number> {
  status: S;
  payDeadline: Moment;
}

/** A pending order past its deadline is closed, whether or not the close job has run yet. */
export function effectiveStatus<S extends number>(order: PayWindow<S>, now: Moment): S {
  return order.status === PENDING && +order.payDeadline <= +now ? (CLOSED as S) : order.status;
}

/** Payable while pending and before the deadline. */
export function canPay(order: PayWindow<number>, now: Moment): boolean {
  return order.status === PENDING && +order.payDeadline > +now;
}

/** Time left to pay: `29:05`, or `1:02:03` past an hour; never negative. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mmss = `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
  return h > 0 ? `${h}:${mmss}` : mmss;
}
