import v8 from 'node:v8';
import { ConfigError, loadConfig } from './config.js';
import { createServer } from './server.js';

// After each full collection V8 lets the heap grow to up to four times what
// survived before it collects again. Under load most of what a request leaves
// behind survives a young collection (requests in flight outlive it), so the
// server held three times its live heap in garbage (peak RSS 420 MB with
// about 50 MB alive). One and a half times keeps the peak near the live heap
// for a few more full collections. The flag is read at each collection.
v8.setFlagsFromString('--heap-growing-percent=50');

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const server = await createServer(config);
  const address = await server.listen();
  server.logger.info(`Vault is listening on ${address.replace('127.0.0.1', 'localhost').replace('[::1]', 'localhost')}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.logger.info({ signal }, 'shutting down');
    await server.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
