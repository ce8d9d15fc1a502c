import { readHelpFiles } from '../../modules/content/files.ts';
import { listAllHelp, publishHelp } from '../../modules/content/help.ts';
import { commandGroup } from '../runner.ts';
import { contentCommands } from './content.ts';
import type { OpsContext } from './context.ts';

/** The help centre's answers (`ops help` alone is the usage text, see runner.ts). */
export const help = commandGroup<OpsContext>(
  'help',
  'publish or list',
  contentCommands({
    read: readHelpFiles,
    store: publishHelp,
    list: listAllHelp,
    empty: '(no help answers)',
    line: (d) => `${d.id}\t${d.key}\t${d.category}\t${d.sortOrder}\t${d.titleEn}`,
  }),
);
