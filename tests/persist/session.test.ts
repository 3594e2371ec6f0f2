import { describe, expect, it } from "vitest";
import { DocumentStatusStore } from "../../src/persist/documentStatus";
import { createEditor } from "../../src/editing/editor";
import { CHUNKS, FILES, LOG } from "../../src/persist/db";
import { BANNER_DAMAGED, PersistenceSession } from "../../src/persist/session";
import { addRect, freshFactory, sortById } from "./helpers";

const page = { onUnload: () => () => undefined };

async function start(factory: IDBFactory): Promise<PersistenceSession> {
  return PersistenceSession.start({ home: "/home/web_user", user: "web_user", factory });
}

describe("persistence session", () => {
  it("reopens the last document with every saved edit", async () => {
    const factory = freshFactory();
    const first = await start(factory);
    expect(first.path).toBe("/home/web_user/Drawings/Untitled.linework");
    const editor = createEditor(first.records!);
    const status = new DocumentStatusStore();
    first.attach(editor, status, page);
    addRect(editor.store, "a");
    addRect(editor.store, "b");
    expect(status.get().dirty).toBe(true);
    first.flush();
    await first.whenSaved();
    expect(status.get().dirty).toBe(false);
    const saved = editor.store.snapshot();
    first.dispose();

    const second = await start(factory);
    expect(second.path).toBe(first.path);
    expect(sortById(second.records!)).toEqual(sortById(saved));
    second.dispose();
  });

  it("leaves a damaged document in storage and starts a new one", async () => {
    const factory = freshFactory();
    const first = await start(factory);
    first.dispose();
    const db = await new Promise<IDBDatabase>((resolve) => {
      const request = factory.open("linework");
      request.onsuccess = () => resolve(request.result);
    });
    const tx = db.transaction(CHUNKS, "readwrite");
    const cursor = tx.objectStore(CHUNKS).openCursor();
    cursor.onsuccess = () => cursor.result?.update("not json");
    await new Promise((resolve) => (tx.oncomplete = resolve));

    const second = await start(factory);
    expect(second.path).toBe("/home/web_user/Drawings/Untitled 2.linework");
    const banner = second.banners.get().find((b) => b.id === BANNER_DAMAGED);
    expect(banner?.message).toContain("“Untitled” could not be opened");
    expect(banner?.actions[0]).toMatchObject({
      label: "Download damaged original",
      download: "Untitled (damaged original).linework",
    });
    const files = await new Promise<unknown[]>((resolve) => {
      const request = db.transaction(FILES).objectStore(FILES).getAll();
      request.onsuccess = () => resolve(request.result);
    });
    expect(files).toHaveLength(2);
    second.dispose();
    db.close();
  });

  it("recovers a damaged document into a file of its own name and keeps the original, renamed", async () => {
    const factory = freshFactory();
    const first = await start(factory);
    const editor = createEditor(first.records!);
    first.attach(editor, new DocumentStatusStore(), page);
    for (const id of ["a", "b", "c"]) {
      addRect(editor.store, id);
      first.flush();
      await first.whenSaved();
    }
    const saved = editor.store.snapshot();
    first.dispose();
    const db = await new Promise<IDBDatabase>((resolve) => {
      const request = factory.open("linework");
      request.onsuccess = () => resolve(request.result);
    });
    // The second edit's entry is cut short.
    const tx = db.transaction(LOG, "readwrite");
    const cursor = tx.objectStore(LOG).openCursor();
    cursor.onsuccess = () => {
      const c = cursor.result;
      if (c === null) return;
      if ((c.key as number[])[1] === 2) c.update((c.value as string).slice(0, 30));
      else c.continue();
    };
    await new Promise((resolve) => (tx.oncomplete = resolve));

    const second = await start(factory);
    expect(second.path).toBe("/home/web_user/Drawings/Untitled.linework");
    expect(sortById(second.records!).map((r) => r.id)).toEqual(
      sortById(saved.filter((r) => r.id !== "b")).map((r) => r.id),
    );
    const banner = second.banners.get().find((b) => b.id === BANNER_DAMAGED);
    expect(banner?.message).toMatch(
      /“Untitled” was damaged in storage and has been recovered\. 1 edit made (around|between) .+ could not be recovered \(found: log entry 2 is cut short or garbled\)\. The damaged original is kept unchanged as “Untitled \(damaged original\)”\./,
    );
    expect(banner?.actions[0]).toMatchObject({
      label: "Download damaged original",
      download: "Untitled (damaged original).linework",
    });
    const names = (await second.documents!.list()).map((f) => f.name).sort();
    expect(names).toEqual(["Untitled", "Untitled (damaged original)"]);
    // The recovered file is clean: opening it again reports nothing.
    second.dispose();
    const third = await start(factory);
    expect(third.banners.get().find((b) => b.id === BANNER_DAMAGED)).toBeUndefined();
    third.dispose();
    db.close();
  });
});
