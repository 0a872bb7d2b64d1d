import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export interface StaticFixture {
  /** Stands in for the repository's dist/. */
  root: string;
  write(relativePath: string, content: string): Promise<void>;
  writeBytes(relativePath: string, content: Uint8Array): Promise<void>;
  remove(): Promise<void>;
}

/** A throw-away dist/ folder with the given files (path → content). */
export async function createStaticFixture(files: Record<string, string>): Promise<StaticFixture> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'server-dist-'));
  const write = async (relativePath: string, content: string | Uint8Array): Promise<void> => {
    const file = path.join(root, relativePath);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, content);
  };
  for (const [relativePath, content] of Object.entries(files)) await write(relativePath, content);
  return { root, write, writeBytes: write, remove: () => fs.rm(root, { recursive: true, force: true }) };
}
