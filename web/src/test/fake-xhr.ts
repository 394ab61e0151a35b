import { vi } from 'vitest';

export interface SentUpload {
  method: string;
  url: string;
  headers: Record<string, string>;
  form: FormData;
}

export type UploadReply = { status: number; body: unknown } | 'network-error';

/**
 * Replaces XMLHttpRequest (which uploads report progress through) with a fake
 * the test drives: `progress(sent, total)` fires upload progress and
 * `respond(reply)` finishes the request.
 */
export function mockXhr() {
  const sent: SentUpload[] = [];
  let current: FakeXhr | null = null;

  class FakeXhr {
    upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    responseText = '';
    private request: Omit<SentUpload, 'form'> = { method: '', url: '', headers: {} };

    open(method: string, url: string) {
      this.request = { method, url, headers: {} };
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name] = value;
    }
    send(body: FormData) {
      sent.push({ ...this.request, form: body });
      current = this;
    }
    abort() {
      this.onabort?.();
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return {
    sent,
    progress(loaded: number, total: number) {
      current?.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
    },
    respond(reply: UploadReply) {
      const xhr = current;
      if (!xhr) throw new Error('no upload in flight');
      current = null;
      if (reply === 'network-error') return xhr.onerror?.();
      xhr.status = reply.status;
      xhr.responseText = JSON.stringify(reply.body);
      xhr.onload?.();
    },
  };
}
