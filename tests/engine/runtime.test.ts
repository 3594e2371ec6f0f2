import { describe, expect, it } from "vitest";
import * as constants from "../../engine/constants";
import { localeFromLanguage, programEnvironment } from "../../engine/runtime/environment";
import { BinaryLoadError, classifyFailure } from "../../engine/runtime/failures";
import { OutputStream } from "../../engine/runtime/output";
import { GraphicsErrorLog, GL_INVALID_VALUE } from "../../engine/gfx/errorLog";
import { HandleTable } from "../../engine/gfx/handleTable";

describe("spec §9 constants", () => {
  it("§9 holds every constant of the table with its value", () => {
    expect(constants.RESIZE_DELAY_MS).toBe(200);
    expect(constants.INIT_RETRY_INTERVAL_MS).toBe(50);
    expect(constants.SHELL_PARENT_HEIGHT).toBe("70vh");
    expect(constants.SHELL_PARENT_WIDTH).toBe("100%");
    expect(constants.HEAP_MAXIMUM_BYTES).toBe(2 * 1024 ** 3);
    expect(constants.HEAP_MAXIMUM_PAGES).toBe(32768);
    expect(constants.STACK_SIZE_BYTES).toBe(65536);
    expect(constants.AUDIO_DECODING_TIMEOUT_MS).toBe(10_000);
    expect(constants.MAX_OPEN_FILES).toBe(4096);
    expect(constants.MAX_TOUCH_POINTS).toBe(31);
  });
});

describe("spec: the program's environment", () => {
  it("reports the web user, a home under /home and the browser's language", () => {
    expect(programEnvironment("en-US")).toMatchObject({
      USER: "web_user",
      LOGNAME: "web_user",
      HOME: "/home/web_user",
      LANG: "en_US.UTF-8",
    });
  });

  it("maps language tags to locales", () => {
    expect(localeFromLanguage("de-DE")).toBe("de_DE.UTF-8");
    expect(localeFromLanguage("fr")).toBe("fr.UTF-8");
    expect(localeFromLanguage("zh-Hant-TW")).toBe("zh_TW.UTF-8");
    expect(localeFromLanguage("es-419")).toBe("es_419.UTF-8");
    expect(localeFromLanguage("")).toBe("C.UTF-8");
    expect(localeFromLanguage(undefined)).toBe("C.UTF-8");
    expect(localeFromLanguage("not a tag!")).toBe("C.UTF-8");
  });
});

describe("spec §8 failures", () => {
  it("§8 a load failure says which file and why", () => {
    const failure = classifyFailure(
      new BinaryLoadError("/linework.wasm", "the server answered HTTP 404"),
    );
    expect(failure.kind).toBe("load");
    expect(failure.message).toBe(
      "Linework could not start. The program file /linework.wasm failed to load: the server answered HTTP 404",
    );
  });

  it("§8 stack overflow and memory growth get their own messages; anything else is an abort", () => {
    expect(classifyFailure(new RangeError("Maximum call stack size exceeded")).kind).toBe(
      "stack-overflow",
    );
    expect(classifyFailure(new Error("stack overflow at ~lib/rt")).message).toContain(
      "65536 bytes",
    );
    const growth = classifyFailure(
      new Error("memory growth failed: cannot grow to 40000 pages (maximum 32768)"),
    );
    expect(growth.kind).toBe("memory-growth");
    expect(growth.message).toContain("maximum 2 GiB");
    const other = classifyFailure("index out of range");
    expect(other.kind).toBe("abort");
    expect(other.message).toBe("Linework stopped unexpectedly: Aborted(index out of range)");
  });

  it("§8 output streams are line-buffered and report what is unflushed", () => {
    const lines: string[] = [];
    const out = new OutputStream((line) => lines.push(line));
    out.write("one\ntw");
    out.write("o\nthree");
    expect(lines).toEqual(["one", "two"]);
    expect(out.unflushed).toBe("three");
    out.flush();
    expect(lines).toEqual(["one", "two", "three"]);
    expect(out.unflushed).toBe("");
  });

  it("§8 invalid graphics handles record GL_INVALID_VALUE, read back like glGetError", () => {
    const log = new GraphicsErrorLog();
    const released: string[] = [];
    const table = new HandleTable<string>("texture", log, (item) => released.push(item));
    const handle = table.add("brush");
    expect(table.get(handle)).toBe("brush");
    expect(table.delete(handle)).toBe(true);
    expect(released).toEqual(["brush"]);
    expect(table.get(handle)).toBeNull();
    expect(table.delete(42)).toBe(false);
    expect(log.getError()).toBe(GL_INVALID_VALUE);
    expect(log.getError()).toBe(GL_INVALID_VALUE);
    expect(log.getError()).toBe(0);
    expect(log.history.map((r) => r.what)).toEqual([
      "texture 1 is not a valid texture",
      "texture 42 is not a valid texture",
    ]);
  });
});
