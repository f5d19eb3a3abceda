import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import { Logger } from '@nestjs/common';
import { ConfigError, loadConfig } from './config/app-config.js';
import { createApp } from './create-app.js';
import { demoBanner, DemoService } from './demo/index.js';
import { applyHeapGrowth, closeOnSignals } from './lifecycle/index.js';
import { listeningMessage } from './listening-message.js';
import { MetricsListener } from './metrics/index.js';

async function main(): Promise<void> {
  const config = loadConfig();
  applyHeapGrowth(config.heapGrowingPercent);
  const running = await createApp(config);
  closeOnSignals(running, config.shutdownDrainSeconds);
  const demo = config.seedDemo ? await running.app.get(DemoService).startupAccess() : undefined;
  await running.app.listen(config.port, config.host);
  await running.app.get(MetricsListener).listen();
  const address = running.app.getHttpServer().address() as AddressInfo;
  new Logger('Bootstrap').log(listeningMessage(address, config.publicBaseUrl));
  if (demo) console.log(demoBanner(demo, config.publicBaseUrl));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
