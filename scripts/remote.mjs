#!/usr/bin/env node
// `npm run remote -- list | deploy <name> | rollback <name> [version]`: the registry CLI.
// Same configuration (DATA_DIR, DATABASE_URL …) as the running server, so it acts on what it serves.
// Runs the server build (server/dist/remote.js) when it is up to date with the source, else tsx.
import { run, serverCommand } from './lib.mjs';

const [command, args] = serverCommand('remote');
process.exit(run(command, [...args, ...process.argv.slice(2)]));
