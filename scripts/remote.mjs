#!/usr/bin/env node
// `npm run remote -- list | deploy <name> | rollback <name> [version]`: the registry CLI.
// Same configuration (DATA_DIR, DATABASE_URL …) as the running server, so it acts on what it serves.
import { run, TSX } from './lib.mjs';

process.exit(run(TSX, ['server/src/cli/remote.ts', ...process.argv.slice(2)]));
