import fp from 'fastify-plugin';
import { runOps } from '../cli/ops.ts';
import { listenOpsSocket, type OpsReply, type OpsSocketServer } from '../cli/ops-socket.ts';
import type { Config } from '../config/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    opsSocket: OpsSocket;
  }
}

export interface OpsSocket {
  /**
   * Starts answering `npm run ops` on `${DATA_DIR}/ops.sock` when enabled (the app holds the embedded
   * database of DATA_DIR); returns the socket path, or null when disabled. Called by main.ts once the
   * database is migrated and seeded; stopped by app.close().
   */
  listen(): Promise<string | null>;
  /** The socket path while listening. */
  readonly path: string | null;
}

export interface OpsSocketPluginOptions {
  config: Config;
  enabled: boolean;
}

/** Only the command words: the arguments can hold a password. */
const commandWords = (argv: string[]) =>
  argv
    .slice(0, 2)
    .filter((word) => /^[a-z][a-z-]{0,31}$/.test(word))
    .join(' ');

export const opsSocketPlugin = fp<OpsSocketPluginOptions>(
  async (app, { config, enabled }) => {
    let server: OpsSocketServer | null = null;

    // The very function the CLI runs, on the server's open database and config.
    const handler = async (argv: string[]): Promise<OpsReply> => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runOps(argv, {
        db: async () => app.db,
        config,
        io: { out: (line) => out.push(line), err: (line) => err.push(line) },
      });
      app.log.info({ ops: commandWords(argv), code }, 'ops command');
      return { code, out, err };
    };

    app.decorate('opsSocket', {
      async listen() {
        if (!enabled) return null;
        server ??= await listenOpsSocket(config.dataDir, handler);
        app.log.info({ socket: server.path }, 'ops socket listening');
        return server.path;
      },
      get path() {
        return server?.path ?? null;
      },
    } satisfies OpsSocket);

    // Before the database closes (onClose), and letting a running command finish.
    app.addHook('preClose', async () => {
      await server?.close();
      server = null;
    });
  },
  { name: 'ops-socket', dependencies: ['database'] },
);
