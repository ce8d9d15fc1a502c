import type { ApiEntry, Locale, PayChannel, payAction, payInfo } from '@portal/shared';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import type { MessageKey, MessageParams } from '../../i18n/index.ts';
import type { OrderKindName, payments } from './tables.ts';

/**
 * Payments pays orders of kinds it does not know: each order module describes its kind here, and
 * the app registers every kind where it is assembled (app.ts). A new kind of order is a new entry
 * there; payments does not change (docs/decisions/0018-enforced-boundaries.md).
 */

/**
 * What fulfilling a paid order did. `refund_pending`: the money was taken but the order could not be
 * fulfilled (a static IP region ran out of stock, a renewed IP was released meanwhile): settled with
 * the provider (no retry helps), the order is Refunding and an operator refunds it.
 */
export type FulfilmentOutcome = 'applied' | 'order_already_paid' | 'refund_pending';

export type Payment = typeof payments.$inferSelect;

/** What any kind of order exposes to be paid. */
export interface PayableOrder {
  kind: OrderKindName;
  id: number;
  amountFen: number;
  payDeadline: Date;
  paid: boolean;
  /** Unpaid and before its deadline. */
  open: boolean;
  /** Shown on the provider's cashier and bill. */
  subject: string;
  /**
   * Where the browser comes back after paying / giving up with this channel (paths without locale
   * prefix): a phone that paid through an H5 channel returns to a page made for phones, wherever
   * the order was placed.
   */
  backTo(channel: PayChannel): ReturnPaths;
}

export interface ReturnPaths {
  returnPath: string;
  quitPath: string;
}

/** The caller's language, for the subject: a request is one (plugins/i18n.ts); call `t` as a method. */
export interface Language {
  locale: Locale;
  t(key: MessageKey, params?: MessageParams): string;
}

export interface OrderKind {
  /** Stored with each payment (payments.order_kind). */
  name: OrderKindName;
  /** One of the user's own orders as a payable order; another user's order is "not found". */
  payable(db: Db, now: Date, userId: number, orderId: number, language: Language): Promise<PayableOrder>;
  /**
   * What a paid payment does, inside the notification's transaction (the payment row is locked and
   * already marked paid): everything commits together or not at all.
   */
  fulfil(tx: Tx, payment: Payment, paidAt: Date): Promise<FulfilmentOutcome>;
  /** The kind's own contract entries, mounted by payments: its pay info (`?orderId=`) and its pay call. */
  payRoutes: {
    info: ApiEntry<z.ZodType<{ orderId: number }>, z.ZodType, z.ZodType, typeof payInfo>;
    pay: ApiEntry<z.ZodType, z.ZodType, z.ZodType<{ orderId: number; channel: PayChannel }>, typeof payAction>;
  };
}

export interface OrderKinds {
  /** The registered kind of a stored payment; throws for a kind no module registered. */
  get(name: OrderKindName): OrderKind;
  /** Every kind, in the order the app registered them. */
  all(): readonly OrderKind[];
}

/** The app's order kinds (app.ts, once); two kinds of one name are a mistake of assembly. */
export function createOrderKinds(registered: readonly OrderKind[]): OrderKinds {
  const kinds = new Map<OrderKindName, OrderKind>();
  for (const kind of registered) {
    if (kinds.has(kind.name)) throw new Error(`order kind "${kind.name}" is registered twice`);
    kinds.set(kind.name, kind);
  }
  return {
    get(name) {
      const kind = kinds.get(name);
      if (!kind) throw new Error(`no order kind "${name}" is registered`);
      return kind;
    },
    all: () => [...kinds.values()],
  };
}
