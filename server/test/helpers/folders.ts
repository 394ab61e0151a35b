import type { Folder } from '@vault/contract';
import type { TestServer } from './server.js';

/** Creates a folder and returns it, failing loudly otherwise. */
export async function makeFolder(t: TestServer, token: string, name: string, extra: { parent_id?: number | null; is_public?: boolean } = {}): Promise<Folder> {
  const res = await t.client.post('/api/folders', { token, json: { name, ...extra } });
  if (res.status !== 201) throw new Error(`create folder ${name} failed: ${res.status} ${res.text}`);
  return res.body.folder;
}

export const namesOf = (folders: { name: string }[]) => folders.map((f) => f.name);
