import { z } from 'zod';

/**
 * The bounded building blocks of every request schema. A value the contract lets through reaches
 * PostgreSQL as a parameter; one its column cannot hold (an id above int4, a date past year 9999, a
 * string with NUL) fails there as a server error. Bounding it here turns that into a localized 400,
 * and the browser's forms apply the very same rule.
 */

/** PostgreSQL `integer` (int4): ids, counts, days (and fen, though no request carries an amount). */
export const INT4_MAX = 2_147_483_647;
/** PostgreSQL `bigint` as a JavaScript number holds it exactly (bytes, MB). */
export const BIGINT_MAX = Number.MAX_SAFE_INTEGER;
/** 9999-12-31T23:59:59.999Z: the last instant every client formats and PostgreSQL's timestamp stores. */
export const EPOCH_MS_MAX = 253_402_300_799_999;

/**
 * Numbers in a JSON body, and the same bounds for a query string or path, where every value arrives
 * as text and is coerced (`inQuery.id`). Written once per side so the OpenAPI document shows the bounds.
 */
function numbers(number: () => z.ZodNumber) {
  return {
    /** A row id (serial, int4). */
    id: number().int().min(1).max(INT4_MAX),
    /** A whole number of things stored in an int4 column: IPs, days, GB, a page number. */
    count: number().int().min(1).max(INT4_MAX),
    /** A quantity stored in a bigint column (bytes, MB). */
    bigCount: number().int().min(0).max(BIGINT_MAX),
    /** Milliseconds since 1970-01-01 UTC, up to the end of year 9999. */
    epochMs: number().int().min(0).max(EPOCH_MS_MAX),
  };
}

export const { id, count, bigCount, epochMs } = numbers(() => z.number());
export const inQuery = numbers(() => z.coerce.number());

/** Control characters (C0, DEL, C1). NUL is refused by PostgreSQL's text; the rest only hide or garble text. */
const CONTROL = /\p{Cc}/u;
/** The same, but tab and line breaks, which a multi-line field may hold. */
const CONTROL_BUT_LINES = /(?![\t\n\r])\p{Cc}/u;

const noControl = (value: string) => !CONTROL.test(value);

/** Text typed on one line: trimmed, at most `max` characters, no control characters. */
export const text = (max: number, message?: string) =>
  z.string().trim().max(max, message).refine(noControl, 'validation.controlCharacters');

/** Text from a multi-line field (a textarea): like `text`, but tabs and line breaks are kept. */
export const multilineText = (max: number, message?: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .refine((v) => !CONTROL_BUT_LINES.test(v), 'validation.controlCharacters');

/** A value used exactly as given (tokens, passwords, ids of other systems): not trimmed, no control characters. */
export const exactText = (max: number) => z.string().max(max).refine(noControl, 'validation.controlCharacters');
