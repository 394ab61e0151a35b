import { expect, it } from 'vitest';
import type { FileItem, Folder } from '@vault/contract';
import type { Client, Response } from './helpers/client.js';
import { samples, uploadOne } from './helpers/files.js';
import { makeFolder } from './helpers/folders.js';
import { describeEachDb } from './helpers/server.js';

const SECRET = 'Layoff plan 2027 - CONFIDENTIAL';
const ADMIN = { username: 'privacy_admin', password: 'admin-password' };

/** Every file and folder object anywhere in a response body. */
function objectsIn(body: unknown): { files: FileItem[]; folders: Folder[] } {
  const files: FileItem[] = [];
  const folders: Folder[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (value === null || typeof value !== 'object') return;
    if ('original_name' in value && 'reference_count' in value) files.push(value as FileItem);
    if ('subfolder_count' in value && 'path' in value) folders.push(value as Folder);
    Object.values(value).forEach(visit);
  };
  visit(body);
  return { files, folders };
}

type Seen = { route: string; res: Response };
type Check = (seen: Seen, secret: Folder) => string[];

/** What a response shows of alice's private folder through the files in it, as sentences. */
const folderOfFiles: Check = ({ route, res }, secret) => [
  ...(res.text.includes(SECRET) ? [`${route}: names the private folder`] : []),
  ...objectsIn(res.body)
    .files.filter((f) => f.folder_id === secret.id)
    .map((f) => `${route}: file ${f.id} has folder_id ${f.folder_id}`),
];

/** What a response shows of the private parent of a folder the viewer may see. */
const parentOfFolders: Check = ({ route, res }, secret) =>
  objectsIn(res.body).folders.flatMap((fo) => [
    ...(fo.parent_id === secret.id ? [`${route}: folder ${fo.id} has parent_id ${fo.parent_id}`] : []),
    ...(fo.path.some((crumb) => crumb.id === secret.id) ? [`${route}: folder ${fo.id} has the private folder in its path`] : []),
  ]);

/** What a response shows of how many copies the owner keeps. */
const ownersCopies: Check = ({ route, res }) =>
  objectsIn(res.body).files.flatMap((f) => [
    ...(f.reference_count !== 1 ? [`${route}: file ${f.id} has reference_count ${f.reference_count}`] : []),
    ...(f.is_duplicate ? [`${route}: file ${f.id} is_duplicate`] : []),
  ]);

describeEachDb(
  'what other users and visitors learn of private folders and of copies',
  (t) => {
    /**
     * alice's private folder SECRET holds a public file, a file shared with bob,
     * a subfolder shared with bob and a public subfolder, each with a file and a
     * child folder. Every file there is alice's second copy of its content (a
     * first copy lies at her root), and dave holds the public file's content too.
     */
    async function privateTree() {
      const c: Client = t().client;
      const [alice, bob, carol, dave] = [await c.register(), await c.register(), await c.register(), await c.register()];
      const secret = await makeFolder(t(), alice.token, SECRET);
      const shared = await makeFolder(t(), alice.token, 'Shared with bob', { parent_id: secret.id });
      const sharedChild = await makeFolder(t(), alice.token, 'Shared child', { parent_id: shared.id });
      const open = await makeFolder(t(), alice.token, 'Open to all', { parent_id: secret.id, is_public: true });
      const openChild = await makeFolder(t(), alice.token, 'Open child', { parent_id: open.id });
      expect((await c.put(`/api/folders/${shared.id}`, { token: alice.token, json: { shared_users: [bob.user.username] } })).status).toBe(200);

      /** A second copy of fresh content in `folderId`; the first stays private at alice's root. */
      const secondCopy = async (name: string, folderId: number, fields: Record<string, string> = {}) => {
        const content = samples.text();
        await uploadOne(c, alice.token, { name: `first-${name}`, content });
        return { id: await uploadOne(c, alice.token, { name, content }, { folder_id: String(folderId), ...fields }), content };
      };
      const publicFile = await secondCopy('public.txt', secret.id, { is_public: 'true' });
      await uploadOne(c, dave.token, { name: 'same-as-public.txt', content: publicFile.content });
      const directFile = await secondCopy('for-bob.txt', secret.id);
      expect((await c.put(`/api/files/${directFile.id}/share`, { token: alice.token, json: { is_public: false, shared_users: [bob.user.username] } })).status).toBe(200);
      const sharedFile = await secondCopy('in-shared.txt', shared.id);
      const openFile = await secondCopy('in-open.txt', open.id);
      return { alice, bob, carol, secret, shared, sharedChild, open, openChild, publicFile: publicFile.id, directFile: directFile.id, sharedFile: sharedFile.id, openFile: openFile.id };
    }

    let built: ReturnType<typeof privateTree> | undefined;
    /** One tree for the whole suite: the tests below only read it. */
    const tree = () => (built ??= privateTree());

    /**
     * Every route that returns files or folders, as an anonymous visitor, bob
     * (a direct share and a shared subfolder) and carol (a public subfolder) call it.
     */
    async function responses(): Promise<Seen[]> {
      const { bob, carol, shared, open, ...ids } = await tree();
      const c = t().client;
      const anonymous = undefined;
      const routes: Record<string, [string, string | undefined]> = {
        'anonymous GET /files/public': ['/api/files/public?limit=1000', anonymous],
        'anonymous GET /files/public/{public file}': [`/api/files/public/${ids.publicFile}`, anonymous],
        'anonymous GET /files/public/{file in public subfolder}': [`/api/files/public/${ids.openFile}`, anonymous],
        'anonymous GET /folders/public/{public subfolder}': [`/api/folders/public/${open.id}`, anonymous],
        'anonymous GET /folders/public/{its child}': [`/api/folders/public/${ids.openChild.id}`, anonymous],
        'bob GET /shared-with-me': ['/api/shared-with-me', bob.token],
        'bob GET /files': ['/api/files?limit=1000', bob.token],
        'bob GET /files/{shared file}': [`/api/files/${ids.directFile}`, bob.token],
        'bob GET /files/{public file}': [`/api/files/${ids.publicFile}`, bob.token],
        'bob GET /files/{file in shared subfolder}': [`/api/files/${ids.sharedFile}`, bob.token],
        'bob GET /files?folder_id={shared subfolder}': [`/api/files?folder_id=${shared.id}`, bob.token],
        'bob GET /folders/{shared subfolder}': [`/api/folders/${shared.id}`, bob.token],
        'bob GET /folders/{its child}': [`/api/folders/${ids.sharedChild.id}`, bob.token],
        'bob GET /folders?parent_id={shared subfolder}': [`/api/folders?parent_id=${shared.id}`, bob.token],
        'bob GET /files/public': ['/api/files/public?limit=1000', bob.token],
        'carol GET /folders/{public subfolder}': [`/api/folders/${open.id}`, carol.token],
        'carol GET /folders?parent_id={public subfolder}': [`/api/folders?parent_id=${open.id}`, carol.token],
        'carol GET /files?folder_id={public subfolder}': [`/api/files?folder_id=${open.id}`, carol.token],
        'carol GET /files/{file in public subfolder}': [`/api/files/${ids.openFile}`, carol.token],
        'carol GET /folders/public/{public subfolder}': [`/api/folders/public/${open.id}`, carol.token],
        'carol GET /files/public/{public file}': [`/api/files/public/${ids.publicFile}`, carol.token],
      };
      const seen: Seen[] = [];
      for (const [route, [path, token]] of Object.entries(routes)) {
        const res = await c.get(path, { token });
        expect(res.status, route).toBe(200);
        const { files, folders } = objectsIn(res.body);
        expect(files.length + folders.length, `${route} returns a file or folder to check`).toBeGreaterThan(0);
        seen.push({ route, res });
      }
      return seen;
    }

    async function leaks(check: Check): Promise<string[]> {
      const { secret } = await tree();
      return (await responses()).flatMap((seen) => check(seen, secret));
    }

    it('never shows the name or id of a private folder through the files in it', async () => {
      expect(await leaks(folderOfFiles)).toEqual([]);
      // The folder itself stays out of reach.
      const { bob, secret } = await tree();
      expect((await t().client.get(`/api/folders/${secret.id}`, { token: bob.token })).status).toBe(404);
      expect((await t().client.get(`/api/folders/public/${secret.id}`)).status).toBe(404);
    });

    it('never shows the id of a private parent through a shared or public subfolder', async () => {
      expect(await leaks(parentOfFolders)).toEqual([]);
    });

    it('shows anyone but the owner and admins a single, original copy', async () => {
      expect(await leaks(ownersCopies)).toEqual([]);
    });

    it('shows a folder the viewer may read, with its parent when that is readable too', async () => {
      const { bob, carol, shared, sharedChild, sharedFile, open, openChild, openFile } = await tree();
      const inShared = await t().client.get(`/api/files/${sharedFile}`, { token: bob.token });
      expect(inShared.body.file).toMatchObject({ folder_id: shared.id, folder_name: 'Shared with bob' });
      const child = await t().client.get(`/api/folders/${sharedChild.id}`, { token: bob.token });
      expect(child.body.folder).toMatchObject({ parent_id: shared.id, path: [{ id: shared.id, name: 'Shared with bob' }, { id: sharedChild.id, name: 'Shared child' }] });
      const inOpen = await t().client.get(`/api/files/public/${openFile}`);
      expect(inOpen.body.file).toMatchObject({ folder_id: open.id, folder_name: 'Open to all' });
      expect((await t().client.get(`/api/folders/public/${openChild.id}`)).body.folder.parent_id).toBe(open.id);
      expect((await t().client.get(`/api/folders/${open.id}`, { token: carol.token })).body.folder).toMatchObject({ parent_id: null, path: [{ id: open.id, name: 'Open to all' }] });
    });

    it('shows the owner their folders and their own copies, and admins the global counts', async () => {
      const { alice, secret, shared, publicFile, sharedFile } = await tree();
      const own = await t().client.get(`/api/files/${publicFile}`, { token: alice.token });
      expect(own.body.file).toMatchObject({ folder_id: secret.id, folder_name: SECRET, reference_count: 2, is_duplicate: true });
      expect((await t().client.get(`/api/folders/${shared.id}`, { token: alice.token })).body.folder.parent_id).toBe(secret.id);

      const login = await t().client.post('/api/auth/login', { json: ADMIN });
      const admin = login.body.token as string;
      expect((await t().client.get(`/api/files/${publicFile}`, { token: admin })).body.file).toMatchObject({ folder_name: SECRET, reference_count: 3, is_duplicate: true });
      expect((await t().client.get(`/api/files/${sharedFile}`, { token: admin })).body.file).toMatchObject({ folder_id: shared.id, reference_count: 2 });
      expect((await t().client.get(`/api/folders/${shared.id}`, { token: admin })).body.folder.parent_id).toBe(secret.id);
    });
  },
  { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password },
);
