#!/usr/bin/env node
// `npm start`: install, build every app, publish the builds into the registry, then serve the
// whole portal (API + shell + remotes) on PORT with PGlite and sandbox providers by default.
import { buildApps, install, must, run, serve, TSX } from './lib.mjs';

install();
must(buildApps(), 'build');
// Publishes each remote's build as a version if it is new; never undoes an ops rollback.
must(run(TSX, ['server/src/cli/remote.ts', 'ensure']), 'publishing remotes');
serve(TSX, ['server/src/main.ts']);
