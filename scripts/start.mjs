#!/usr/bin/env node
// `npm start`: install, build every app and the server, publish the builds into the registry, then
// serve the whole portal (API + shell + remotes) on PORT with PGlite and sandbox providers by default.
// The server runs as plain JavaScript (server/dist, built here) with node: no TypeScript loader in
// production (docs/decisions/0019).
import { buildApps, buildServer, install, must, run, SERVER_ENTRIES, SERVER_NODE_FLAGS, serve } from './lib.mjs';

install();
must(buildApps(), 'build');
must(buildServer(), 'building the server');
// Publishes each remote's build as a version if it is new; never undoes an ops rollback.
must(run(process.execPath, [SERVER_ENTRIES.remote.built, 'ensure']), 'publishing remotes');
serve(process.execPath, [...SERVER_NODE_FLAGS, SERVER_ENTRIES.main.built]);
