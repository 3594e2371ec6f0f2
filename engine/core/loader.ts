import { BinaryLoadError } from "../runtime/failures";

/**
 * Loads the compute core as the specification's §7 says: one same-origin GET with credentials,
 * instantiated while it streams; if streaming fails (a server sending the wrong MIME type is the
 * usual cause) the whole file is fetched again as an ArrayBuffer and instantiated from that.
 */

export type LoadPath = "streaming" | "arraybuffer";

export interface LoadedBinary {
  readonly instance: WebAssembly.Instance;
  readonly path: LoadPath;
  /** Why streaming was abandoned, when it was. */
  readonly streamingError: string | null;
}

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

const REQUEST: RequestInit = { credentials: "same-origin", method: "GET" };

export function resolveSameOrigin(url: string, base: string): string {
  const resolved = new URL(url, base);
  const origin = new URL(base).origin;
  if (resolved.origin !== origin) {
    throw new BinaryLoadError(
      url,
      `it must be served from this page's origin (${origin}), not ${resolved.origin}`,
    );
  }
  return resolved.href;
}

export async function loadBinary(
  url: string,
  imports: WebAssembly.Imports,
  fetchImpl: FetchLike = (input, init) => fetch(input, init),
  onStreamingFailed: (reason: string) => void = () => {},
): Promise<LoadedBinary> {
  let streamingError: string | null = null;
  if (typeof WebAssembly.instantiateStreaming === "function") {
    try {
      const response = fetchImpl(url, REQUEST);
      const { instance } = await WebAssembly.instantiateStreaming(response, imports);
      return { instance, path: "streaming", streamingError: null };
    } catch (error) {
      streamingError = error instanceof Error ? error.message : String(error);
      onStreamingFailed(streamingError);
    }
  }
  return {
    instance: await instantiateFromArrayBuffer(url, imports, fetchImpl),
    path: "arraybuffer",
    streamingError,
  };
}

async function instantiateFromArrayBuffer(
  url: string,
  imports: WebAssembly.Imports,
  fetchImpl: FetchLike,
): Promise<WebAssembly.Instance> {
  let response: Response;
  try {
    response = await fetchImpl(url, REQUEST);
  } catch (error) {
    throw new BinaryLoadError(url, `the request failed (${describe(error)})`, { cause: error });
  }
  if (!response.ok) throw new BinaryLoadError(url, `the server answered HTTP ${response.status}`);
  const bytes = await response.arrayBuffer();
  try {
    const { instance } = await WebAssembly.instantiate(bytes, imports);
    return instance;
  } catch (error) {
    throw new BinaryLoadError(url, `it is not a valid program (${describe(error)})`, {
      cause: error,
    });
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
