// Photo compression off the page's thread: browser-image-compression run in a worker served from
// the app's origin. The library's own worker starts from a blob: URL, which the Content Security
// Policy (worker-src 'self') refuses, and it then compresses on the page's thread.
import type { Options } from 'browser-image-compression';

export interface CompressRequest {
  file: File;
  options: Options;
}

export type CompressAnswer = { blob: Blob } | { error: string };

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<CompressRequest>) => void) | null;
  postMessage: (answer: CompressAnswer) => void;
};

scope.onmessage = (event) => {
  const { file, options } = event.data;
  // The library's own chunk (shared with the page's fallback); in a worker it compresses where
  // it runs (OffscreenCanvas).
  import('browser-image-compression')
    .then(({ default: imageCompression }) =>
      imageCompression(file, { ...options, useWebWorker: false }),
    )
    .then(
      (blob) => scope.postMessage({ blob }),
      (error: unknown) => scope.postMessage({ error: String(error) }),
    );
};
