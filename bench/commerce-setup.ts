// Helper of bench/commerce.mjs, run with tsx so it uses the server's own code (not a benchmark by itself):
//
//   tsx bench/commerce-setup.ts sign                        (DATA_DIR, JSON on stdin)
//     reads [{paymentNo, amountFen}], prints [{body, signature}]: successful sandbox notifications
//     signed with the key of the server's sandbox gateway, as its cashier would send them
import { text } from 'node:stream/consumers';
import {
  createSandboxGateway,
  SANDBOX_APP_ID,
  type SandboxNotification,
} from '../server/src/modules/payments/gateways/sandbox.ts';

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

const [command] = process.argv.slice(2);
let result: unknown;
if (command === 'sign') result = await signNotifications(JSON.parse(await text(process.stdin)));
else throw new Error(`unknown command ${command ?? '(none)'}; expected sign`);
process.stdout.write(`${JSON.stringify(result)}\n`);
