import 'reflect-metadata';
import { ConfigError, loadConfig } from './config/app-config.js';
import { createApp } from './create-app.js';
import { demoBanner } from './demo/demo-banner.js';
import { DemoService } from './demo/demo.service.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const { app } = await createApp(config);
  const demo = config.seedDemo ? await app.get(DemoService).startupAccess() : undefined;
  await app.listen(config.port, config.host);
  console.log(`content-api listening on ${config.publicBaseUrl}`);
  if (demo) console.log(demoBanner(demo, config.publicBaseUrl));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
