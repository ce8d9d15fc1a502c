#!/usr/bin/env node
// `npm run ops -- …`: operator commands (redirect rules, users, later certification review and stock).
// Same configuration (DATA_DIR, DATABASE_URL …) as the running server. Runs the server build
// (server/dist/ops.js) when it is up to date with the source, else the source through tsx.
import { run, serverCommand } from './lib.mjs';

const [command, args] = serverCommand('ops');
process.exit(run(command, [...args, ...process.argv.slice(2)]));
