import { describe, expect, it } from 'vitest';
import { DEFAULT_EXTENSIONS, ERROR_MESSAGES, FILE_TYPES, KNOWN_EXTENSIONS } from '@vault/contract';
import { loadConfig } from '../src/config.js';
import { samples, upload, uploadOne } from './helpers/files.js';
import { addedSamples } from './helpers/file-samples.js';
import { withTestServer } from './helpers/server.js';

const ADDED = Object.keys(addedSamples) as (keyof typeof addedSamples)[];

describe('ALLOWED_TYPES', () => {
  it('defaults to exactly the original list', () => {
    expect(loadConfig({}).allowedTypes).toEqual(['jpeg', 'jpg', 'png', 'gif', 'webp', 'pdf', 'txt', 'md', 'csv', 'json', 'zip']);
    expect(loadConfig({ ALLOWED_TYPES: 'default, .DOCX,svg,png' }).allowedTypes).toEqual([...DEFAULT_EXTENSIONS, 'docx', 'svg']);
    expect(() => loadConfig({ ALLOWED_TYPES: 'png,exe' })).toThrow('ALLOWED_TYPES "exe" is not a type Vault can check');
    expect(() => loadConfig({ ALLOWED_TYPES: ' , ' })).toThrow('ALLOWED_TYPES must name at least one type');
  });

  it('refuses every added type on a default installation, and says what it accepts', async () => {
    await withTestServer({}, async (t) => {
      const { token } = await t.client.register();
      for (const ext of ADDED) {
        const res = await upload(t.client, token, [{ name: `f.${ext}`, content: addedSamples[ext]() }]);
        expect(res.status, ext).toBe(415);
        expect(res.body.error).toBe(`File type .${ext} is not allowed`);
      }
      const config = await t.client.get('/api/config');
      expect(config.body).toMatchObject({ allowed_types: [...DEFAULT_EXTENSIONS], registration_open: true });
    });
  });

  it('accepts each added type whose content is what its extension says, and stores its own MIME type', async () => {
    await withTestServer({ ALLOWED_TYPES: KNOWN_EXTENSIONS.join(',') }, async (t) => {
      const { token } = await t.client.register();
      for (const ext of ADDED) {
        const res = await upload(t.client, token, [{ name: `f.${ext}`, content: addedSamples[ext]() }]);
        expect(res.status, `${ext}: ${res.text}`).toBe(201);
        expect(res.body.files[0]!.mime_type).toBe(FILE_TYPES[ext].mime);
      }
    });
  });

  it('refuses content of another type under an added extension', async () => {
    await withTestServer({ ALLOWED_TYPES: KNOWN_EXTENSIONS.join(',') }, async (t) => {
      const { token } = await t.client.register();
      const wrong: [string, Buffer][] = [
        ['plain.docx', samples.zip()],
        ['sheet.docx', addedSamples.xlsx()],
        ['text.odt', addedSamples.ods()],
        ['movie.mp4', addedSamples.mov()],
        ['image.heic', samples.png()],
        ['song.mp3', addedSamples.wav()],
        ['clip.webm', addedSamples.ogg()],
        ['archive.7z', addedSamples.gz()],
        ['archive.tar', samples.text()],
        ['picture.svg', Buffer.from('<html><body>not an svg</body></html>')],
        ['binary.svg', Buffer.from([0x3c, 0x73, 0x76, 0x67, 0x20, 0x00, 0x3e])],
        ['page.html', samples.png()],
      ];
      for (const [name, content] of wrong) {
        const res = await upload(t.client, token, [{ name, content }]);
        expect(res.status, name).toBe(415);
        expect(res.body.error).toBe('File content does not match its extension');
      }
    });
  });

  it('serves active content (SVG, HTML) only as a sandboxed attachment, never in place', async () => {
    await withTestServer({ ALLOWED_TYPES: 'default,svg,html' }, async (t) => {
      const { token } = await t.client.register();
      for (const name of ['logo.svg', 'page.html']) {
        const ext = name.split('.')[1] as 'svg' | 'html';
        const id = await uploadOne(t.client, token, { name, content: addedSamples[ext]() }, { is_public: 'true' });
        for (const path of [`/api/files/${id}/download`, `/api/files/public/${id}/download`]) {
          const res = await t.client.get(path, { token });
          expect(res.status).toBe(200);
          expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);
          expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
          expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        }
        const inline = await t.client.get(`/api/files/${id}/download?inline=1`, { token });
        expect(inline.status).toBe(415);
      }
    });
  });
});

describe('ALLOW_REGISTRATION', () => {
  it('false closes self-registration and says so in /api/config', async () => {
    await withTestServer({ ALLOW_REGISTRATION: 'false' }, async (t) => {
      const res = await t.client.post('/api/auth/register', { json: { username: 'newcomer', email: 'n@example.com', password: 'password123' } });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: ERROR_MESSAGES.registrationClosed, code: 'registrationClosed' });
      expect((await t.client.get('/api/config')).body.registration_open).toBe(false);
    });
  });
});
