// Helper of bench/commerce.mjs, run with tsx so it uses the server's own code (not a benchmark by itself):
//
//   tsx bench/commerce-setup.ts users <count> <password>   (DATABASE_URL)
//     creates <count> members with that password; prints [{id, mobile}] as JSON
//   tsx bench/commerce-setup.ts sign                        (DATA_DIR, JSON on stdin)
//     reads [{paymentNo, amountFen}], prints [{body, signature}]: successful sandbox notifications
//     signed with the key of the server's sandbox gateway, as its cashier would send them
import { text } from 'node:stream/consumers';
import { openDatabase } from '../server/src/db/client.ts';
import { maskMobile } from '../server/src/modules/accounts/mask.ts';
import { memberUsers } from '../server/src/modules/accounts/tables.ts';
import { createUser } from '../server/src/modules/accounts/users.ts';
import {
  createSandboxGateway,
  SANDBOX_APP_ID,
  type SandboxNotification,
} from '../server/src/modules/payments/gateways/sandbox.ts';

/** Mainland-China mobiles 137xxxxxxxx, one per member, so a fresh database never has them. */
const benchMobile = (i: number) => `137${String(i).padStart(8, '0')}`;

/**
 * The first member through the accounts service; the others as copies of its row with their own
 * mobile and nickname, so one scrypt hash is computed instead of `count` (seconds on 2 cores).
 */
async function createUsers(count: number, password: string): Promise<{ id: number; mobile: string }[]> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is required');
  const database = await openDatabase({ kind: 'postgres', url });
  try {
    const first = await createUser(database.db, { mobile: benchMobile(1), password });
    const rest = Array.from({ length: count - 1 }, (_, k) => benchMobile(k + 2)).map((mobile) => ({
      mobile,
      passwordHash: first.passwordHash,
      nickname: maskMobile(mobile),
    }));
    const others =
      rest.length === 0
        ? []
        : await database.db.insert(memberUsers).values(rest).returning({ id: memberUsers.id, mobile: memberUsers.mobile });
    return [first, ...others].map((u) => ({ id: u.id, mobile: u.mobile as string }));
  } finally {
    await database.close();
  }
}

async function signNotifications(
  payments: { paymentNo: string; amountFen: number }[],
): Promise<{ body: string; signature: string }[]> {
  const dataDir = process.env.DATA_DIR;
  if (!dataDir) throw new Error('DATA_DIR is required');
  // The server derives its sandbox key from DATA_ENCRYPTION_KEY when set (as the bench sets it).
  const key = process.env.DATA_ENCRYPTION_KEY;
  const gateway = createSandboxGateway({ dataDir, dataEncryptionKey: key ? Buffer.from(key, 'base64') : null });
  const paidAt = new Date().toISOString();
  const stamp = Date.now().toString(36).toUpperCase();
  return Promise.all(
    payments.map(async ({ paymentNo, amountFen }, i) => {
      const notification: SandboxNotification = {
        paymentNo,
        tradeNo: `BENCH${stamp}${String(i).padStart(8, '0')}`,
        amountFen,
        appId: SANDBOX_APP_ID,
        status: 'SUCCESS',
        paidAt,
      };
      const body = JSON.stringify(notification);
      return { body, signature: await gateway.signNotification(body) };
    }),
  );
}

const [command, ...args] = process.argv.slice(2);
let result: unknown;
if (command === 'users') {
  const count = Number(args[0]);
  if (!Number.isInteger(count) || count < 1 || !args[1]) throw new Error('usage: users <count> <password>');
  result = await createUsers(count, args[1]);
} else if (command === 'sign') {
  result = await signNotifications(JSON.parse(await text(process.stdin)));
} else {
  throw new Error(`unknown command ${command ?? '(none)'}; expected users or sign`);
}
process.stdout.write(`${JSON.stringify(result)}\n`);
