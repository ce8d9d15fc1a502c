import { customType } from 'drizzle-orm/pg-core';

/** Binary content (PostgreSQL bytea) as a Buffer, over pg and PGlite alike. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  // pg gives a Buffer, PGlite a Uint8Array: one type for the code.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});
