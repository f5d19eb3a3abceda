import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * A secret of the demo account kept in DATA_DIR (mode 0600) — its API key in
 * `demo-api-key`, its user's password in `demo-password` — so that every
 * start can print working credentials although the database stores only
 * hashes. Only the demo account's secrets are ever written here.
 */
export class DemoSecretFile {
  readonly file: string;

  constructor(dataDir: string, name: string) {
    this.file = join(dataDir, name);
  }

  async read(): Promise<string | undefined> {
    try {
      return (await readFile(this.file, 'utf8')).trim() || undefined;
    } catch {
      return undefined;
    }
  }

  async write(secret: string): Promise<void> {
    await mkdir(join(this.file, '..'), { recursive: true });
    await writeFile(this.file, `${secret}\n`, { mode: 0o600 });
    await chmod(this.file, 0o600);
  }
}
