import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The demo account's API key, kept in DATA_DIR/demo-api-key (mode 0600) so
 * that every start can print a working key although the database stores only
 * its hash. Only the demo account's key is ever written here.
 */
export class DemoKeyStore {
  readonly file: string;

  constructor(dataDir: string) {
    this.file = join(dataDir, 'demo-api-key');
  }

  async read(): Promise<string | undefined> {
    try {
      return (await readFile(this.file, 'utf8')).trim() || undefined;
    } catch {
      return undefined;
    }
  }

  async write(key: string): Promise<void> {
    await mkdir(join(this.file, '..'), { recursive: true });
    await writeFile(this.file, `${key}\n`, { mode: 0o600 });
    await chmod(this.file, 0o600);
  }
}
