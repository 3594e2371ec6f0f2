import { expect, test } from "@playwright/test";
import { openApp, openFixture } from "./support";

type BinaryRequest = { path: string; method: string; cookie: string | null; mode: string | null };

test.describe("spec §7 the calls it makes", () => {
  test("§7 GET of the binary, same-origin with credentials, instantiated by streaming", async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([
      { name: "session", value: "abc", url: baseURL ?? "http://localhost:4173" },
    ]);
    await openApp(page);
    expect(await page.evaluate(() => window.linework?.engine.loadPath)).toBe("streaming");
    const requests = (await (await page.request.get("/__test/requests")).json()) as BinaryRequest[];
    const mine = requests.filter((r) => r.cookie === "session=abc");
    expect(mine).toContainEqual({
      path: "/linework.wasm",
      method: "GET",
      cookie: "session=abc",
      mode: "cors",
    });
  });

  test("§7 when streaming fails (wrong MIME type) it falls back to the whole file as an ArrayBuffer", async ({
    page,
  }) => {
    await openFixture(page);
    const result = await page.evaluate(async () => {
      const errors: string[] = [];
      const engine = await window.embed!.startEngine({
        parent: document.getElementById("parent") as HTMLElement,
        wasmUrl: "/linework.wasm?mime=text/plain",
        aspectRatio: { width: 4, height: 3 },
        printErr: (line) => errors.push(line),
      });
      return { path: engine.loadPath, state: engine.state, errors };
    });
    expect(result.path).toBe("arraybuffer");
    expect(result.state).toBe("running");
    expect(result.errors.join("\n")).toMatch(/falling back to ArrayBuffer/);
  });

  test("§7 no other network calls are made", async ({ page, baseURL }) => {
    const urls: string[] = [];
    page.on("request", (request) => urls.push(request.url()));
    await openApp(page);
    await page.waitForTimeout(500);
    const origin = new URL(baseURL ?? "http://localhost:4173").origin;
    expect(urls.every((url) => new URL(url).origin === origin)).toBe(true);
    const fetched = urls.map((url) => new URL(url).pathname);
    const unexpected = fetched.filter(
      (path) =>
        !(
          path === "/" ||
          path === "/linework.wasm" ||
          path === "/favicon.svg" ||
          /^\/(assets\/|embed\.js)/.test(path)
        ),
    );
    expect(unexpected).toEqual([]);
    expect(fetched.filter((path) => path === "/linework.wasm")).toHaveLength(1);
  });
});
