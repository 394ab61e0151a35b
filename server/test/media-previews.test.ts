import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { FILE_TYPES, previewKind } from '@vault/contract';
import { addedSamples } from './helpers/file-samples.js';
import { uploadOne } from './helpers/files.js';
import { describeEachDb, type TestServer } from './helpers/server.js';

const MEDIA = ['mp4', 'webm', 'mov', 'mp3', 'ogg', 'wav', 'flac'] as const;

/** A media file of some size: its real leading bytes (what the upload checks), then more to read in ranges. */
const mediaFile = (ext: (typeof MEDIA)[number]) => Buffer.concat([addedSamples[ext](), randomBytes(8 * 1024)]);

/** The exact bytes and headers of an answer, as a player receives them. */
async function read(t: TestServer, path: string, headers: Record<string, string> = {}) {
  const res = await fetch(t.url + path, { headers });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function createLink(t: TestServer, token: string, fileId: number, allowPreview: boolean): Promise<string> {
  const res = await t.client.post('/api/links', { token, json: { item: { type: 'file', id: fileId }, allow_preview: allowPreview } });
  if (res.status !== 201) throw new Error(`create link failed: ${res.status} ${res.text}`);
  return res.body.link.token as string;
}

describeEachDb(
  'video and audio previews',
  (t) => {
    it('counts the stored types of mp4, webm, mov as video and mp3, ogg, wav, flac as audio', () => {
      expect(MEDIA.map((ext) => [ext, previewKind(FILE_TYPES[ext].mime)])).toEqual([
        ['mp4', 'video'],
        ['webm', 'video'],
        ['mov', 'video'],
        ['mp3', 'audio'],
        ['ogg', 'audio'],
        ['wav', 'audio'],
        ['flac', 'audio'],
      ]);
    });

    it.each(MEDIA)('serves a .%s in place from its preview link, whole and by ranges, as a player reads it', async (ext) => {
      const owner = await t().client.register();
      const content = mediaFile(ext);
      const id = await uploadOne(t().client, owner.token, { name: `clip.${ext}`, content });
      const link = await t().client.post(`/api/files/${id}/download-link?inline=1`, { token: owner.token });
      expect(link.status).toBe(200);
      const address: string = link.body.url;

      // The player sends no bearer header: the address carries its grant.
      const whole = await read(t(), address);
      expect(whole.status).toBe(200);
      expect(whole.headers.get('content-type')).toBe(FILE_TYPES[ext].mime);
      expect(whole.headers.get('content-disposition')).toMatch(new RegExp(`^inline; filename="clip\\.${ext}"`));
      expect(whole.headers.get('accept-ranges')).toBe('bytes');
      expect(whole.headers.get('content-length')).toBe(String(content.length));
      // The bytes can never act as a page of this origin; a media element plays them all the same.
      expect(whole.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      expect(whole.headers.get('x-content-type-options')).toBe('nosniff');
      expect(whole.bytes.equals(content)).toBe(true);

      // What a player asks first, then a seek into the middle, then the rest from there.
      for (const [range, start, end] of [
        ['bytes=0-', 0, content.length - 1],
        ['bytes=4096-5119', 4096, 5119],
        [`bytes=${content.length - 100}-`, content.length - 100, content.length - 1],
      ] as const) {
        const part = await read(t(), address, { range });
        expect(part.status, range).toBe(206);
        expect(part.headers.get('content-type')).toBe(FILE_TYPES[ext].mime);
        expect(part.headers.get('content-range')).toBe(`bytes ${start}-${end}/${content.length}`);
        expect(part.headers.get('content-length')).toBe(String(end - start + 1));
        expect(part.headers.get('content-disposition')).toMatch(/^inline; /);
        expect(part.bytes.equals(content.subarray(start, end + 1))).toBe(true);
      }

      // The signed-in route and the public one serve it in place just the same; none of it is a download.
      const own = await read(t(), `/api/files/${id}/download?inline=1`, { authorization: `Bearer ${owner.token}`, range: 'bytes=10-19' });
      expect([own.status, own.headers.get('content-range'), own.headers.get('content-disposition')?.split(';')[0]]).toEqual([206, `bytes 10-19/${content.length}`, 'inline']);
      const file = await t().client.get(`/api/files/${id}`, { token: owner.token });
      expect(file.body.file.download_count).toBe(0);
    });

    it('plays from a share link only where the owner allowed previews', async () => {
      const owner = await t().client.register();
      const content = mediaFile('wav');
      const id = await uploadOne(t().client, owner.token, { name: 'song.wav', content }, { is_public: 'true' });
      const open = await createLink(t(), owner.token, id, true);
      const closed = await createLink(t(), owner.token, id, false);

      const whole = await read(t(), `/api/s/${open}/files/${id}/download?inline=1`);
      expect([whole.status, whole.headers.get('content-type'), whole.headers.get('content-disposition')?.split(';')[0]]).toEqual([200, 'audio/wav', 'inline']);
      const part = await read(t(), `/api/s/${open}/files/${id}/download?inline=1`, { range: 'bytes=44-1067' });
      expect([part.status, part.headers.get('content-range')]).toEqual([206, `bytes 44-1067/${content.length}`]);
      expect(part.bytes.equals(content.subarray(44, 1068))).toBe(true);

      for (const range of [undefined, 'bytes=0-', 'bytes=44-1067']) {
        const refused = await t().client.get(`/api/s/${closed}/files/${id}/download?inline=1`, { headers: range ? { range } : {} });
        expect(refused.status, range).toBe(403);
        expect(refused.headers.get('content-range')).toBeNull();
      }
      // The public route, like the account's, serves it in place by ranges.
      const pub = await read(t(), `/api/files/public/${id}/download?inline=1`, { range: 'bytes=0-99' });
      expect([pub.status, pub.headers.get('content-type'), pub.headers.get('content-range')]).toEqual([206, 'audio/wav', `bytes 0-99/${content.length}`]);
    });
  },
  { ALLOWED_TYPES: `default,${MEDIA.join(',')}` },
);
