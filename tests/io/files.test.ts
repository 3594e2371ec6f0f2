import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createDocument } from "../../src/doc/factory";
import {
  documentFileName,
  hasFileSystemAccess,
  readDocumentFile,
  saveDocumentFile,
  type DocumentFileHandle,
  type FileEnvironment,
  type WritableFile,
} from "../../src/io/files";
import { serializeDocument } from "../../src/io/native/format";
import { NATIVE_LIMITS } from "../../src/io/native/validate";

const records = createDocument({
  id: "d",
  pageId: "p",
  name: "Q3 plan: draft?",
  author: "Ada",
  created: "2025-01-01T00:00:00.000Z",
});

interface FakeLink {
  href: string;
  download: string;
  rel: string;
  style: { display: string };
  clicked: number;
  removed: boolean;
  click(): void;
  remove(): void;
}

function fallbackEnv(): {
  env: FileEnvironment;
  links: FakeLink[];
  blobs: Blob[];
  revoked: string[];
} {
  const links: FakeLink[] = [];
  const blobs: Blob[] = [];
  const revoked: string[] = [];
  const env = {
    document: {
      createElement: (tag: string) => {
        expect(tag).toBe("a");
        const link: FakeLink = {
          href: "",
          download: "",
          rel: "",
          style: { display: "" },
          clicked: 0,
          removed: false,
          click() {
            this.clicked++;
          },
          remove() {
            this.removed = true;
          },
        };
        links.push(link);
        return link;
      },
      body: { appendChild: (node: unknown) => node },
    },
    URL: {
      createObjectURL: (blob: Blob) => {
        blobs.push(blob);
        return `blob:${blobs.length}`;
      },
      revokeObjectURL: (url: string) => revoked.push(url),
    },
  } as unknown as FileEnvironment;
  return { env, links, blobs, revoked };
}

describe("file names", () => {
  it("makes safe names with one extension", () => {
    expect(documentFileName("Q3 plan: draft?")).toBe("Q3 plan- draft-.linework");
    expect(documentFileName("logo.linework")).toBe("logo.linework");
    expect(documentFileName("  ..  ")).toBe("Untitled.linework");
    expect(documentFileName("a/b\\c")).toBe("a-b-c.linework");
  });
});

describe("reading a chosen file", () => {
  it("parses its contents", async () => {
    const file = new File([serializeDocument(records)], "plan.linework");
    const result = await readDocumentFile(file);
    expect(result).toMatchObject({ ok: true, readOnly: false });
  });

  it("refuses a file over the size limit without reading it", async () => {
    const text = vi.fn();
    const huge = { size: NATIVE_LIMITS.maxFileBytes + 1, text } as unknown as Blob;
    expect(await readDocumentFile(huge)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/maxFileBytes/),
    });
    expect(text).not.toHaveBeenCalled();
  });

  it("explains a file that is not a document", async () => {
    const result = await readDocumentFile(new File(["hello"], "notes.txt"));
    expect(result).toMatchObject({ ok: false, error: expect.stringMatching(/not a Linework/) });
  });
});

describe("saving without the File System Access API", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("downloads the file through a temporary link", async () => {
    const { env, links, blobs, revoked } = fallbackEnv();
    expect(hasFileSystemAccess(env)).toBe(false);
    const outcome = await saveDocumentFile(records, null, { env });
    expect(outcome).toEqual({
      status: "saved",
      fileName: "Q3 plan- draft-.linework",
      handle: null,
    });
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({
      href: "blob:1",
      download: "Q3 plan- draft-.linework",
      clicked: 1,
      removed: true,
    });
    expect(await blobs[0]!.text()).toBe(serializeDocument(records));
    vi.advanceTimersByTime(60_000);
    expect(revoked).toEqual(["blob:1"]);
  });
});

describe("saving with a file handle", () => {
  function handle(name: string, written: string[]): DocumentFileHandle {
    const writable: WritableFile = {
      write: async (data) => {
        written.push(typeof data === "string" ? data : await data.text());
      },
      close: async () => {},
    };
    return {
      kind: "file",
      name,
      getFile: async () => new File([], name),
      createWritable: async () => writable,
      queryPermission: async () => "prompt",
      requestPermission: async () => "granted",
    };
  }

  it("writes in place without asking where", async () => {
    const written: string[] = [];
    const { env } = fallbackEnv();
    const target = handle("plan.linework", written);
    const outcome = await saveDocumentFile(records, target, { env });
    expect(outcome).toEqual({ status: "saved", fileName: "plan.linework", handle: target });
    expect(written).toEqual([serializeDocument(records)]);
  });

  it("asks where to save when there is no handle yet, and reports cancelling", async () => {
    const written: string[] = [];
    const { env } = fallbackEnv();
    const chosen = handle("chosen.linework", written);
    const picker = vi.fn(async (_options: { suggestedName?: string }) => chosen);
    const withPicker: FileEnvironment = {
      ...env,
      showOpenFilePicker: async () => [],
      showSaveFilePicker: picker,
    };
    expect(await saveDocumentFile(records, undefined, { env: withPicker })).toMatchObject({
      status: "saved",
      handle: chosen,
    });
    expect(picker.mock.calls[0]![0]).toMatchObject({ suggestedName: "Q3 plan- draft-.linework" });

    const abort = Object.assign(new Error("The user aborted a request."), { name: "AbortError" });
    withPicker.showSaveFilePicker = async () => {
      throw abort;
    };
    expect(await saveDocumentFile(records, null, { env: withPicker })).toEqual({
      status: "cancelled",
    });
  });
});
