import { vi } from 'vitest';

/** One upload the fake XMLHttpRequest received, which the test then moves along and answers. */
export type FakeUpload = {
  url: string;
  file: File;
  /** Reports `sent` of `total` bytes gone, as the browser's upload progress event does. */
  progress(sent: number, total: number): void;
  /** The server's answer: a status and a JSON body. */
  respond(status: number, body: unknown): void;
  aborted: boolean;
};

/**
 * Replaces XMLHttpRequest (which the uploads use for their progress) for one test: every upload is
 * recorded and waits until the test answers it. setup.ts restores the real one after the test.
 */
export function stubUploads(): FakeUpload[] {
  const uploads: FakeUpload[] = [];
  class FakeXhr {
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    status = 0;
    statusText = '';
    responseText = '';
    withCredentials = false;
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    send(form: FormData) {
      const upload: FakeUpload = {
        url: this.url,
        file: form.get('file') as File,
        aborted: false,
        progress: (sent, total) =>
          this.upload.onprogress?.({ lengthComputable: true, loaded: sent, total } as ProgressEvent),
        respond: (status, body) => {
          this.status = status;
          this.responseText = JSON.stringify(body);
          this.onload?.();
        },
      };
      uploads.push(upload);
    }
    abort() {
      uploads.find((upload) => upload.url === this.url && !upload.aborted)!.aborted = true;
      this.onabort?.();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return uploads;
}
