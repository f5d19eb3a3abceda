import type { AppConfig } from '../../config/app-config.js';

/** Where this service serves from: its own origin and, when configured, its media bucket's. */
export function ownOrigins(config: AppConfig): string[] {
  const origins = [new URL(config.publicBaseUrl).origin];
  if (config.mediaS3) origins.push(new URL(config.mediaS3.publicUrl).origin);
  return [...new Set(origins)];
}
