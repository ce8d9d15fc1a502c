import { captchaAnswer } from '../../modules/captcha/answer.ts';
import { commandGroup, parse, positionals } from '../runner.ts';
import type { OpsContext } from './context.ts';

export const captcha = commandGroup<OpsContext>('captcha', 'answer', {
  async answer(args, { db, io }) {
    const [token = ''] = positionals(parse(args).positionals, ['<token>']);
    const found = await captchaAnswer(await db(), token);
    if (!found) {
      io.err(`ops: no captcha with token ${token} (unknown, or expired and purged)`);
      return 1;
    }
    io.out(JSON.stringify(found.answer));
    return 0;
  },
});
