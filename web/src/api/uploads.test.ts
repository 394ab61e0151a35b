import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as tus from 'tus-js-client';
import { changeLanguage, i18n } from '../i18n';
import { TusUpload } from './uploads';

/** The options each tus upload was made with: the test answers for the server through them. */
const made = vi.hoisted(() => [] as tus.UploadOptions[]);
vi.mock('tus-js-client', () => ({
  Upload: class {
    constructor(_file: File, options: tus.UploadOptions) {
      made.push(options);
    }
  },
}));

afterEach(() => {
  made.length = 0;
  void i18n.changeLanguage('en');
});

/** A refusal as tus-js-client reports it: the server's answer attached to the error. */
function refused(status: number, body: unknown): tus.DetailedError {
  const originalResponse = { getStatus: () => status, getBody: () => JSON.stringify(body) };
  return Object.assign(new Error('refused'), { originalResponse }) as unknown as tus.DetailedError;
}

function send() {
  const onError = vi.fn();
  new TusUpload(new File(['x'], 'setup.exe'), { endpoint: '/api/uploads', metadata: {}, headers: () => ({}), signedIn: false }, { onProgress: vi.fn(), onSuccess: vi.fn(), onError });
  return { onError, options: made.at(-1)! };
}

describe('a refused upload', () => {
  it('is tried again after a passing fault, but not after a full quota', () => {
    const { options } = send();
    expect(options.onShouldRetry!(refused(503, { error: 'Service unavailable' }), 0, options)).toBe(true);
    expect(options.onShouldRetry!(refused(507, { error: 'Storage quota exceeded', code: 'quotaExceeded' }), 0, options)).toBe(false);
  });

  it("tells the upload list the server's reason in the interface language, with its values", async () => {
    await changeLanguage('de');
    const { onError, options } = send();
    options.onError!(refused(415, { error: 'File type .exe is not allowed', code: 'fileTypeNotAllowed', params: { extension: 'exe' } }));
    expect(onError).toHaveBeenCalledWith('Der Dateityp .exe ist nicht erlaubt', 415);
    options.onError!(refused(507, { error: 'Storage quota exceeded', code: 'quotaExceeded' }));
    expect(onError).toHaveBeenLastCalledWith('Speicherkontingent überschritten', 507);
  });
});
