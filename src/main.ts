import 'reflect-metadata';
import { ConfigError, loadConfig } from './config/app-config.js';
import { createApp } from './create-app.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const { app } = await createApp(config);
  await app.listen(config.port, config.host);
  console.log(`content-api listening on ${config.publicBaseUrl}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
