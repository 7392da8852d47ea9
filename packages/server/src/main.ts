/**
 * The `sasayaki` CLI: `serve`, `start` (demo library if none configured, scan, serve),
 * `scan [--full]`, `user add|passwd|list`, `demo`.
 */
import { buildApp } from './app.ts';
import { type Config, loadConfig, paths } from './config.ts';
import { openDb } from './db/connect.ts';

async function openCatalogue(config: Config) {
  return openDb({ databaseUrl: config.databaseUrl, sqlitePath: paths.database(config) });
}

async function serve(config: Config): Promise<void> {
  const db = await openCatalogue(config);
  const app = await buildApp({ config, db });
  const close = async () => {
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  await app.listen({ host: config.host, port: config.port });
  const shownHost = config.host === '0.0.0.0' ? '127.0.0.1' : config.host;
  console.log(`Sasayaki is listening on http://${shownHost}:${config.port}`);
}

const USAGE = `usage: sasayaki <command>
  start              generate the demo library if no library is configured, scan, serve
  serve              serve the API and the web app
`;

async function main(argv: string[]): Promise<number> {
  const [command] = argv;
  const config = loadConfig();
  switch (command) {
    case 'serve':
    case 'start':
      await serve(config);
      return -1;
    default:
      process.stderr.write(USAGE);
      return command ? 2 : 0;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
