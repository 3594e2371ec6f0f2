import { expect, test, type Page } from "@playwright/test";
import { startDrawing, waitTicks, worldToPage } from "./support";

/** The ids of the shapes on the page, in drawing order. */
function shapes(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const store = window.linework!.editor.store;
    return store.childrenOf(store.pages()[0]!.id).map((node) => node.id);
  });
}

/** Draws a rectangle with R and a mouse drag, and waits until it is saved. */
async function drawRect(page: Page, x: number): Promise<string> {
  const before = await shapes(page);
  await page.keyboard.press("KeyR");
  const from = await worldToPage(page, { x, y: 0 });
  const to = await worldToPage(page, { x: x + 60, y: 40 });
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.mouse.up();
  await expect.poll(async () => (await shapes(page)).length).toBe(before.length + 1);
  await page.evaluate(() => window.linework!.persistence!.whenSaved());
  return (await shapes(page)).find((id) => !before.includes(id))!;
}

test("a damaged edit in storage: the drawing opens without it, says which and when, keeps the original, and both open and edit", async ({
  page,
}) => {
  await startDrawing(page);
  const first = await drawRect(page, 0);
  const second = await drawRect(page, 100);
  const third = await drawRect(page, 200);

  // Cut short the stored log entry that added the second rectangle, behind the app's back.
  const damaged = await page.evaluate(
    (id) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open("linework");
        open.onsuccess = () => {
          const tx = open.result.transaction("log", "readwrite");
          const cursor = tx.objectStore("log").openCursor();
          let seq = -1;
          cursor.onsuccess = () => {
            const c = cursor.result;
            if (c === null) return;
            const text = c.value as string;
            if (text.includes(`"id":"${id}"`) && text.includes('"before":null')) {
              seq = (c.key as number[])[1]!;
              c.update(text.slice(0, Math.floor(text.length / 2)));
            }
            c.continue();
          };
          tx.oncomplete = () => {
            open.result.close();
            resolve(seq);
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    second,
  );
  expect(damaged).toBeGreaterThan(0);

  await page.reload();
  await page.waitForFunction(() => window.linework?.engine.state === "running");
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("“Untitled” was damaged in storage and has been recovered.");
  await expect(alert).toContainText(
    /1 edit made (around|between) \d\d:\d\d.* could not be recovered/,
  );
  await expect(alert).toContainText(`log entry ${damaged} is cut short or garbled`);
  await expect(alert).toContainText("kept unchanged as “Untitled (damaged original)”");
  await expect(page).toHaveTitle("Untitled — Linework");
  expect(await shapes(page)).toEqual([first, third]);
  const names = await page.evaluate(async () =>
    (await window.linework!.persistence!.documents!.list()).map((f) => f.name).sort(),
  );
  expect(names).toEqual(["Untitled", "Untitled (damaged original)"]);

  // The recovered drawing is an ordinary one: draw in it, and it is saved.
  await page.locator("canvas").focus();
  await page.evaluate(() => window.linework!.current.camera.set({ x: 200, y: 150, zoom: 1 }));
  await waitTicks(page);
  const added = await drawRect(page, 300);
  expect(await shapes(page)).toEqual([first, third, added]);

  // The damaged original, downloaded, is a file Linework opens: Ctrl+O and the file chooser.
  const download = page.waitForEvent("download");
  await alert.getByRole("link", { name: "Download damaged original" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("Untitled (damaged original).linework");
  const chunks: Buffer[] = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
  await alert.getByRole("button", { name: "Dismiss" }).click();
  await page.evaluate(() => {
    // Without the File System Access API, Open falls back to a file input.
    delete (window as { showOpenFilePicker?: unknown }).showOpenFilePicker;
  });
  await page.locator("canvas").focus();
  const chooser = page.waitForEvent("filechooser");
  await page.keyboard.press("Control+KeyO");
  await (
    await chooser
  ).setFiles({
    name: "Untitled (damaged original).linework",
    mimeType: "application/octet-stream",
    buffer: Buffer.concat(chunks),
  });
  await expect(page.getByRole("alert")).toContainText("was recovered from damaged data");
  await expect(page.getByRole("alert")).toContainText("1 edit made");
  // A new file in the library, beside the recovered one and the damaged original.
  await expect
    .poll(() => page.evaluate(() => window.linework!.persistence!.path))
    .toBe("/home/web_user/Drawings/Untitled 2.linework");
  expect(await shapes(page)).toEqual([first, third]);
  await page.locator("canvas").focus();
  await page.evaluate(() => window.linework!.current.camera.set({ x: 200, y: 150, zoom: 1 }));
  await waitTicks(page);
  const more = await drawRect(page, 400);
  expect(await shapes(page)).toEqual([first, third, more]);
  await page.keyboard.press("Control+KeyZ");
  await expect.poll(() => shapes(page)).toEqual([first, third]);
});
