import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FileItem } from '@vault/contract';
import { describeEachDb, type TestServer } from './helpers/server.js';
import { addFiles, samples, settled, sha256, upload, uploadOne } from './helpers/files.js';
import { pdfWithPages } from './helpers/file-samples.js';
import { makeFolder } from './helpers/folders.js';
import { runMaintenance } from '../src/maintenance.js';
import { extractTexts } from '../src/domain/texts/extract-text.js';
import { snippetOf } from '../src/domain/texts/text-query.js';

/** The row of a content's text, once the work after the responses has run. */
async function textRow(t: TestServer, content: Buffer) {
  await settled(t);
  return t.server.ctx.db.selectFrom('content_texts').selectAll().where('blob_hash', '=', sha256(content)).executeTakeFirst();
}

/** A word no other test's content holds, so each search finds its own files only. */
const word = (prefix: string) => `${prefix}${randomBytes(4).toString('hex')}`;

async function search(t: TestServer, token: string, query: string): Promise<FileItem[]> {
  const res = await t.client.get(`/api/files?${query}`, { token });
  expect(res.status, res.text).toBe(200);
  return res.body.files as FileItem[];
}

/** The highlighted parts of a match's text. */
const marked = (file: FileItem | undefined) => file?.match?.highlights.map((h) => file.match!.text.slice(h.start, h.start + h.length));

describeEachDb('content search', (t) => {
  let alice = { token: '', username: '' };
  let bob = { token: '', username: '' };

  beforeAll(async () => {
    const a = await t().client.register();
    const b = await t().client.register();
    alice = { token: a.token, username: a.user.username };
    bob = { token: b.token, username: b.user.username };
  });

  describe('finds files by the words of their text, with the match', () => {
    const key = word('kiwi');
    const contents: [string, Buffer][] = [
      ['notes.txt', samples.text(`Minutes of the meeting.\nWe agreed on the ${key} budget for the second quarter.\n`)],
      ['readme.md', samples.text(`# Project\n\nThe **${key}** module reads *everything*.\n`)],
      ['table.csv', samples.text(`name,code\nalpha,${key}\nbeta,other\n`)],
      ['data.json', samples.text(JSON.stringify({ id: 7, label: `Sample ${key} entry` }))],
      ['paper.pdf', pdfWithPages([[1, 1, 1], [0.9, 0.9, 0.9]], `Annual ${key} review`)],
    ];

    beforeAll(async () => {
      for (const [name, content] of contents) await uploadOne(t().client, alice.token, { name, content });
      for (const [, content] of contents) expect((await textRow(t(), content))?.extracted_at).toBeTypeOf('number');
    });

    it('in txt, md, csv, json and pdf, marking the matched word', async () => {
      const found = await search(t(), alice.token, `search=${key}&sort_by=original_name&sort_order=asc`);
      expect(found.map((f) => f.original_name)).toEqual(['data.json', 'notes.txt', 'paper.pdf', 'readme.md', 'table.csv']);
      for (const file of found) expect(marked(file)).toContain(key);
      const notes = found.find((f) => f.original_name === 'notes.txt')!;
      expect(notes.match!.text).toContain(`the ${key} budget`);
      expect(notes.match!.text).not.toContain('\n');
    });

    it('needs every word, takes the last as the beginning of a word, and ignores case', async () => {
      expect((await search(t(), alice.token, `search=${encodeURIComponent(`AGREED ${key}`)}`)).map((f) => f.original_name)).toEqual(['notes.txt']);
      expect((await search(t(), alice.token, `search=${encodeURIComponent(`${key} quar`)}`)).map((f) => f.original_name)).toEqual(['notes.txt']);
      expect(await search(t(), alice.token, `search=${encodeURIComponent(`${key} nowhere`)}`)).toEqual([]);
    });

    it('shows no match for a file found by its name alone', async () => {
      const [file] = await search(t(), alice.token, 'search=readme.md');
      expect(file?.original_name).toBe('readme.md');
      expect(file?.match).toBeUndefined();
    });

    it('searches within a folder, as the folder page does', async () => {
      const folder = await makeFolder(t(), alice.token, word('Folder'));
      const inside = word('plum');
      await uploadOne(t().client, alice.token, { name: 'inside.txt', content: samples.text(`${inside} inside`) }, { folder_id: String(folder.id) });
      await uploadOne(t().client, alice.token, { name: 'outside.txt', content: samples.text(`${inside} outside`) });
      await settled(t());
      expect((await search(t(), alice.token, `folder_id=${folder.id}&search=${inside}`)).map((f) => f.original_name)).toEqual(['inside.txt']);
    });

    it('takes anything typed as words, never as query syntax', async () => {
      for (const typed of ['"', "'", '*', 'NEAR(a b)', 'a OR b', 'x:*', '-', '( )', '!!!', '"unbalanced']) {
        expect((await t().client.get(`/api/files?search=${encodeURIComponent(typed)}`, { token: alice.token })).status).toBe(200);
      }
    });
  });

  describe('never shows content the caller may not read', () => {
    const secret = word('mango');

    beforeAll(async () => {
      await uploadOne(t().client, alice.token, { name: 'private.txt', content: samples.text(`the ${secret} plan, private`) });
      await settled(t());
    });

    it('finds nothing of another user\'s file, in any list', async () => {
      expect(await search(t(), bob.token, `search=${secret}`)).toEqual([]);
      expect(await search(t(), bob.token, `search=${secret}&scope=shared`)).toEqual([]);
      const pub = await t().client.get(`/api/files/public?search=${secret}`, { token: bob.token });
      expect(pub.body.files).toEqual([]);
    });

    it('quotes only the caller\'s own copy of the same words', async () => {
      await uploadOne(t().client, bob.token, { name: 'mine.txt', content: samples.text(`my own ${secret} words`) });
      await settled(t());
      const found = await search(t(), bob.token, `search=${secret}`);
      expect(found.map((f) => [f.original_name, f.match?.text])).toEqual([['mine.txt', `my own ${secret} words`]]);
    });

    it('finds a file once it is shared with the caller', async () => {
      const id = await uploadOne(t().client, alice.token, { name: 'for-bob.txt', content: samples.text(`${secret} shared with bob`) });
      expect((await t().client.put(`/api/files/${id}/share`, { token: alice.token, json: { is_public: false, shared_users: [bob.username] } })).status).toBe(200);
      await settled(t());
      const found = await search(t(), bob.token, `search=${secret}&scope=shared`);
      expect(found.map((f) => [f.original_name, marked(f)])).toEqual([['for-bob.txt', [secret]]]);
    });
  });

  it('extracts shared content once, however many files hold it', async () => {
    const content = samples.text(`${word('fig')} shared by two users`);
    await uploadOne(t().client, alice.token, { name: 'one.txt', content });
    await uploadOne(t().client, alice.token, { name: 'two.txt', content });
    await uploadOne(t().client, bob.token, { name: 'three.txt', content });
    const row = await textRow(t(), content);
    expect(row).toMatchObject({ attempts: 1, failure: null });
    expect(row?.extracted_at).toBeTypeOf('number');
  });

  it('lets one of several racing extractions (as from several instances) read a content', async () => {
    const content = samples.text(`${word('date')} read once`);
    await uploadOne(t().client, alice.token, { name: 'raced.txt', content });
    await settled(t());
    await t().server.ctx.db.deleteFrom('content_texts').where('blob_hash', '=', sha256(content)).execute();
    await Promise.all([1, 2, 3, 4].map(() => extractTexts(t().server.ctx, [sha256(content)])));
    const row = await textRow(t(), content);
    expect(row).toMatchObject({ attempts: 1, failure: null, claim_token: null });
    expect(row?.body).toContain('read once');
  });

  it('reads contents in batches, each once however the batches of several instances overlap', async () => {
    const contents = [1, 2, 3, 4].map((i) => samples.text(`${word('batch')} number ${i}`));
    for (const [i, content] of contents.entries()) await uploadOne(t().client, alice.token, { name: `batch-${i}.txt`, content });
    await settled(t());
    const hashes = contents.map(sha256);
    await t().server.ctx.db.deleteFrom('content_texts').where('blob_hash', 'in', hashes).execute();
    const batches = [[0, 1], [1, 2, 3], [3, 0], [0, 1, 2, 3]];
    await Promise.all(batches.map((batch) => extractTexts(t().server.ctx, batch.map((i) => hashes[i]!))));
    for (const [i, content] of contents.entries()) {
      const row = await textRow(t(), content);
      expect(row).toMatchObject({ attempts: 1, failure: null, claim_token: null });
      expect(row?.body).toContain(`number ${i + 1}`);
    }
  });

  it('records a batch\'s unreadable content apart from the texts read with it, and skips what is not stored', async () => {
    const broken = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(4096)]);
    const readable = samples.text(`${word('beside')} the unreadable one`);
    await upload(t().client, alice.token, [{ name: 'unreadable.pdf', content: broken }, { name: 'beside.txt', content: readable }]);
    await settled(t());
    await t().server.ctx.db.deleteFrom('content_texts').where('blob_hash', 'in', [sha256(broken), sha256(readable)]).execute();
    await extractTexts(t().server.ctx, [sha256(broken), sha256(randomBytes(16)), sha256(readable)]);
    expect(await textRow(t(), broken)).toMatchObject({ body: null, extracted_at: null, attempts: 1, claim_token: null });
    expect((await textRow(t(), broken))?.failure).toBeTruthy();
    expect(await textRow(t(), readable)).toMatchObject({ failure: null, attempts: 1, claim_token: null });
    expect((await textRow(t(), readable))?.body).toContain('the unreadable one');
  });

  it('answers an upload whose text cannot be read as any other, and records why', async () => {
    // The right leading bytes, then nothing pdfjs can make a document of.
    const broken = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(4096)]);
    const res = await upload(t().client, alice.token, [{ name: 'broken.pdf', content: broken }]);
    expect(res.status).toBe(201);
    const row = await textRow(t(), broken);
    expect(row).toMatchObject({ body: null, extracted_at: null, attempts: 1 });
    expect(row?.failure).toBeTruthy();
    // Tried again by maintenance a bounded number of times, then left alone.
    for (let round = 0; round < 4; round++) {
      await runMaintenance(t().server.ctx);
      await settled(t());
    }
    expect((await textRow(t(), broken))?.attempts).toBe(3);
    expect((await search(t(), alice.token, 'search=broken')).map((f) => [f.original_name, f.match])).toEqual([['broken.pdf', undefined]]);
  });

  it('quotes a word deep in a long text where it first occurs, in whatever case it is written', async () => {
    const key = word('deep');
    const [first = '', ...rest] = [...key];
    const filler = 'The minutes of the meeting, read again and filed. '.repeat(1200);
    const files: [string, string][] = [
      ['capitalised.txt', `${filler} ${first.toUpperCase()}${rest.join('')} figures.`],
      ['capitals.txt', `${filler} ${key.toUpperCase()} FIGURES.`],
      ['mixed.txt', `${filler} ${key.slice(0, 2)}${key.slice(2).toUpperCase()} figures.`],
      ['twice.txt', `Early ${key.toUpperCase()} mention. ${filler} later ${key} mention.`],
    ];
    for (const [name, text] of files) await uploadOne(t().client, alice.token, { name, content: samples.text(text) });
    await settled(t());
    const found = await search(t(), alice.token, `search=${key}&sort_by=original_name&sort_order=asc`);
    expect(found.map((f) => f.original_name)).toEqual(files.map(([name]) => name).sort());
    for (const file of found) expect(marked(file)?.map((m) => m.toLowerCase())).toContain(key);
    // Windows deep in the texts, cut before the word: the filler is left out; the first mention, in capitals, comes first.
    expect(found.map((f) => f.match!.text.startsWith('…'))).toEqual([true, true, true, false]);
    expect(marked(found[3])).toContain(key.toUpperCase());
  });

  it('quotes the characters around a word deep in a text of wide characters, none cut', async () => {
    const key = word('wide');
    const filler = 'Größe 💶 café 会议 τα πρακτικά 🗂️ ';
    const text = `${filler.repeat(300)}${key} ${'📁🧾💶 '.repeat(300)}`;
    await uploadOne(t().client, alice.token, { name: 'wide.txt', content: samples.text(text) });
    await settled(t());
    const [found] = await search(t(), alice.token, `search=${key}`);
    // The window as characters: 120 before the word, 400 from there, and the text goes on both sides.
    const chars = [...text];
    const at = [...filler.repeat(300)].length;
    const window = chars.slice(at - 120, at + 280).join('');
    expect(found?.match).toEqual(snippetOf({ window, cutBefore: true, more: true }, [key]));
    expect(found?.match?.text).not.toContain('\uFFFD');
    expect(marked(found)).toEqual([key]);
  });

  it('keeps the leading MiB of a large text and uploads it whole', async () => {
    const [early, late] = [word('early'), word('late')];
    const content = Buffer.concat([samples.text(`${early} `), Buffer.alloc(3 * 1_048_576, 'filler words here. '), samples.text(` ${late}`)]);
    const res = await upload(t().client, alice.token, [{ name: 'large.txt', content }]);
    expect(res.status).toBe(201);
    expect(res.body.files[0]?.file_size).toBe(content.length);
    expect((await textRow(t(), content))?.body?.length).toBeLessThanOrEqual(1_048_576);
    expect((await search(t(), alice.token, `search=${early}`)).map((f) => f.original_name)).toEqual(['large.txt']);
    expect(await search(t(), alice.token, `search=${late}`)).toEqual([]);
  });

  it('finds nothing in Trash, and the text goes with the content', async () => {
    const gone = word('pear');
    const content = samples.text(`${gone} soon deleted`);
    const id = await uploadOne(t().client, alice.token, { name: 'deleted.txt', content });
    await settled(t());
    expect(await search(t(), alice.token, `search=${gone}`)).toHaveLength(1);
    expect((await t().client.delete(`/api/files/${id}`, { token: alice.token })).status).toBe(204);
    expect(await search(t(), alice.token, `search=${gone}`)).toEqual([]);
    expect((await t().client.delete('/api/trash', { token: alice.token })).status).toBe(200);
    expect(await textRow(t(), content)).toBeUndefined();
  });

  it('reads by maintenance the contents stored without a text (before search existed, or by a stopped instance)', async () => {
    const late = word('lime');
    const content = samples.text(`${late} from an older installation`);
    await uploadOne(t().client, alice.token, { name: 'older.txt', content });
    await settled(t());
    await t().server.ctx.db.deleteFrom('content_texts').where('blob_hash', '=', sha256(content)).execute();
    expect(await search(t(), alice.token, `search=${late}`)).toEqual([]);
    await runMaintenance(t().server.ctx);
    expect((await textRow(t(), content))?.extracted_at).toBeTypeOf('number');
    expect((await search(t(), alice.token, `search=${late}`)).map((f) => f.original_name)).toEqual(['older.txt']);
  });
});

describeEachDb('content search in a list of a thousand files and more', (t) => {
  const key = word('plum');
  const common = word('quince');
  let carol = { token: '', id: 0 };
  let dave = { token: '', id: 0 };

  beforeAll(async () => {
    const c = await t().client.register();
    const d = await t().client.register();
    carol = { token: c.token, id: c.user.id };
    dave = { token: d.token, id: d.user.id };
    await addFiles(t(), carol.id, 1000, `the ${common} filler`);
    const same = samples.text(`the ${key} list`);
    await uploadOne(t().client, carol.token, { name: 'own.txt', content: same });
    await uploadOne(t().client, dave.token, { name: 'copy.txt', content: same });
    await uploadOne(t().client, dave.token, { name: 'private.txt', content: samples.text(`his ${key} and ${common} notes`) });
    const shared = await uploadOne(t().client, dave.token, { name: 'for-carol.txt', content: samples.text(`${key} for carol`) });
    const res = await t().client.put(`/api/files/${shared}/share`, { token: dave.token, json: { is_public: false, shared_users: [c.user.username] } });
    expect(res.status).toBe(200);
    await settled(t());
  });

  it('finds the own and the shared files by their content, never the same content of another user', async () => {
    const query = `search=${key}&sort_by=original_name&sort_order=asc`;
    const res = await t().client.get(`/api/files?${query}`, { token: carol.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body.total).toBe(2);
    expect((res.body.files as FileItem[]).map((f) => [f.original_name, marked(f)])).toEqual([
      ['for-carol.txt', [key]],
      ['own.txt', [key]],
    ]);
    expect((await search(t(), carol.token, `${query}&scope=own`)).map((f) => f.original_name)).toEqual(['own.txt']);
    expect((await search(t(), carol.token, `${query}&scope=shared`)).map((f) => f.original_name)).toEqual(['for-carol.txt']);
    expect(await search(t(), carol.token, `${query}&page=2`)).toEqual([]);
  });

  // A first page tests each file it walks; the last one joins the matching texts.
  it.each([1, 50])('counts and pages many matches alike, wherever the page (page %i of 20 files)', async (page) => {
    const res = await t().client.get(`/api/files?search=${common}&sort_by=created_at&sort_order=desc&page=${page}`, { token: carol.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body.total).toBe(1000);
    const files = res.body.files as FileItem[];
    const first = 999 - (page - 1) * 20;
    expect(files.map((f) => f.original_name)).toEqual(Array.from({ length: 20 }, (_, i) => `filler ${first - i}.txt`));
    for (const file of files) expect(marked(file)).toEqual([common]);
  });

  it('finds nothing of the large list for another user', async () => {
    expect((await search(t(), dave.token, `search=${key}&sort_by=original_name&sort_order=asc`)).map((f) => f.original_name)).toEqual([
      'copy.txt',
      'for-carol.txt',
      'private.txt',
    ]);
    expect((await search(t(), dave.token, `search=${common}`)).map((f) => f.original_name)).toEqual(['private.txt']);
  });
});
