import { expect, it } from 'vitest';
import { samples, upload, uploadForm, uploadOne } from './helpers/files.js';
import { makeFolder } from './helpers/folders.js';
import { describeEachDb, type TestServer } from './helpers/server.js';

/** NUL, CR, LF, DEL, C1's CSI (a terminal's escape), the right-to-left override, an isolate and a mark. */
const UNSAFE = ['\u0000', '\r', '\n', '\u007f', '\u009b', '\u202e', '\u2066', '\u200f'];
/** Names in other scripts, right-to-left ones included, and emoji. */
const ORDINARY = ['Café crème', '日本語のメモ', 'تقارير 2024', 'דוחות שנתיים', '📁 Projects 👩‍💻'];

const code = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

async function expectRefused(res: Promise<{ status: number; body: { error?: string } }>, error: string, what: string) {
  const answer = await res;
  expect(answer.status, what).toBe(400);
  expect(answer.body.error, what).toBe(error);
}

async function ownerWithFile(t: TestServer) {
  const owner = await t.client.register();
  const fileId = await uploadOne(t.client, owner.token, { name: 'report.txt', content: samples.text() });
  return { owner, fileId };
}

describeEachDb('control and bidi characters in what others see', (t) => {
  it('refuse a folder name, created or renamed; every script and emoji stay welcome', async () => {
    const { token } = await t().client.register();
    const folder = await makeFolder(t(), token, 'Plain');
    const error = 'Folder names cannot contain slashes or control characters';
    for (const c of UNSAFE) {
      await expectRefused(t().client.post('/api/folders', { token, json: { name: `Q3${c}exe` } }), error, `create ${code(c)}`);
      await expectRefused(t().client.put(`/api/folders/${folder.id}`, { token, json: { name: `Q3${c}exe` } }), error, `rename ${code(c)}`);
    }
    for (const name of ORDINARY) expect((await makeFolder(t(), token, name)).name).toBe(name);
  });

  it('refuse a tag, set on a file, at upload or in bulk', async () => {
    const { owner, fileId } = await ownerWithFile(t());
    const { token } = owner;
    const error = 'Tags cannot contain control characters';
    for (const c of UNSAFE) {
      const tag = `Q3${c}x`;
      await expectRefused(t().client.put(`/api/files/${fileId}`, { token, json: { tags: [tag] } }), error, `PUT ${code(c)}`);
      await expectRefused(t().client.post('/api/files/bulk', { token, json: { action: 'tag', file_ids: [fileId], tags: { add: [tag] } } }), error, `bulk ${code(c)}`);
    }
    // A multipart field spells its line breaks CRLF whatever was sent: the others are enough here.
    for (const c of ['\u0000', '\u007f', '\u009b', '\u202e']) {
      await expectRefused(upload(t().client, token, [{ name: 't.txt', content: samples.text() }], { tags: [`Q3${c}x`] }), error, `upload ${code(c)}`);
    }
    const tagged = await t().client.put(`/api/files/${fileId}`, { token, json: { tags: ORDINARY } });
    expect(tagged.status).toBe(200);
    expect([...tagged.body.file.tags].sort()).toEqual([...ORDINARY].sort());
  });

  it('refuse a share link\'s label and a file request\'s, created or changed', async () => {
    const { owner, fileId } = await ownerWithFile(t());
    const { token } = owner;
    const folder = await makeFolder(t(), token, 'Inbox');
    const link = await t().client.post('/api/links', { token, json: { item: { type: 'file', id: fileId } } });
    const request = await t().client.post('/api/requests', { token, json: { folder_id: folder.id } });
    const error = 'The label cannot contain control characters';
    for (const c of UNSAFE) {
      const label = `for Anna${c}x`;
      await expectRefused(t().client.post('/api/links', { token, json: { item: { type: 'file', id: fileId }, label } }), error, `link ${code(c)}`);
      await expectRefused(t().client.request('PATCH', `/api/links/${link.body.link.id}`, { token, json: { label } }), error, `link change ${code(c)}`);
      await expectRefused(t().client.post('/api/requests', { token, json: { folder_id: folder.id, label } }), error, `request ${code(c)}`);
      await expectRefused(t().client.request('PATCH', `/api/requests/${request.body.request.id}`, { token, json: { label } }), error, `request change ${code(c)}`);
    }
    for (const label of ORDINARY) {
      expect((await t().client.request('PATCH', `/api/links/${link.body.link.id}`, { token, json: { label } })).body.link.label).toBe(label);
    }
  });

  it('refuse a file request\'s message, but for its line breaks, which its visitors see as written', async () => {
    const { token } = await t().client.register();
    const folder = await makeFolder(t(), token, 'Inbox');
    const error = 'The message cannot contain control characters other than line breaks';
    for (const c of UNSAFE.filter((c) => c !== '\n')) {
      await expectRefused(t().client.post('/api/requests', { token, json: { folder_id: folder.id, message: `Hello${c}there` } }), error, code(c));
    }
    const message = 'مرحبا — hello,\n\nplease send the 2024 scans 📄';
    const created = await t().client.post('/api/requests', { token, json: { folder_id: folder.id, message } });
    expect(created.status).toBe(201);
    await expectRefused(t().client.request('PATCH', `/api/requests/${created.body.request.id}`, { token, json: { message: 'Hi\u202Eereht' } }), error, 'change');
    expect((await t().client.get(`/api/r/${created.body.request.token}`)).body.message).toBe(message);
  });

  it('clean a visitor\'s name of them: it reaches the owner\'s activity as plain words', async () => {
    const { token, user } = await t().client.register();
    const folder = await makeFolder(t(), token, 'Inbox');
    const request = (await t().client.post('/api/requests', { token, json: { folder_id: folder.id, label: 'Scans' } })).body.request;
    const res = await t().client.post(`/api/r/${request.token}/upload`, {
      body: uploadForm([{ name: 'scan.txt', content: samples.text() }], { uploader_name: '\u202Bأحمد\u202C\u0000Bob\u009b\u2066x\u2069' }),
    });
    expect(res.status).toBe(201);
    const activity = await t().server.ctx.db.selectFrom('activity').select(['via_label', 'visitor']).where('user_id', '=', user.id).where('type', '=', 'upload').execute();
    expect(activity).toEqual([{ via_label: 'Scans', visitor: 'أحمد  Bob  x' }]);
  });

  it('drop them from a file name, the Arabic letter mark included', async () => {
    const { owner, fileId } = await ownerWithFile(t());
    const renamed = await t().client.put(`/api/files/${fileId}`, { token: owner.token, json: { original_name: 'تقرير\u061C\u202Etxt.exe.txt' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.file.original_name).toBe('تقريرtxt.exe.txt');
  });

  it('refuse a NUL character in any text a request carries, searches and sign-in included, with a 400 on every database', async () => {
    const { owner } = await ownerWithFile(t());
    const nul = 'a\u0000b';
    const refusals = [
      t().client.get(`/api/files?search=${encodeURIComponent(nul)}`, { token: owner.token }),
      t().client.get(`/api/files/public?search=${encodeURIComponent(nul)}`),
      t().client.get(`/api/folders?search=${encodeURIComponent(nul)}`, { token: owner.token }),
      t().client.get(`/api/share-recipients/${encodeURIComponent(nul)}`, { token: owner.token }),
      t().client.post('/api/auth/login', { json: { username: nul, password: 'whatever-it-is' } }),
      t().client.post('/api/auth/register', { json: { username: 'nul_mail', email: 'a\u0000b@example.com', password: 'long-enough-pass' } }),
    ];
    for (const [i, answer] of (await Promise.all(refusals)).entries()) {
      expect(answer.status, String(i)).toBe(400);
      expect(answer.body.error, String(i)).toBe('Text must not contain the NUL character');
    }
  });

  it('cut a long file name on whole characters, and drop half a surrogate pair sent alone', async () => {
    const { owner, fileId } = await ownerWithFile(t());
    const long = `${'a'.repeat(250)}😀😀😀.txt`;
    const stored = await uploadOne(t().client, owner.token, { name: long, content: samples.text('long name') });
    const name: string = (await t().client.get(`/api/files/${stored}`, { token: owner.token })).body.file.original_name;
    expect(name).not.toMatch(/\p{Cs}/u);
    expect(name).toBe(`${'a'.repeat(250)}.txt`);
    const renamed = await t().client.put(`/api/files/${fileId}`, { token: owner.token, json: { original_name: 'half\ud800.txt' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.file.original_name).toBe('half.txt');
  });
});
