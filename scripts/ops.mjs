#!/usr/bin/env node
// `npm run ops -- …`: operator commands (redirect rules, users, later certification review and stock).
// Same configuration (DATA_DIR, DATABASE_URL …) as the running server.
import { run, TSX } from './lib.mjs';

process.exit(run(TSX, ['server/src/cli/ops.ts', ...process.argv.slice(2)]));
