import { describe, expect, it } from "vitest";
import { CommitPipeline, COMMIT_STAGES, TRACE_LENGTH } from "../../src/editing/commitPipeline";
import { emptyDocumentStore } from "../support/store";

const rename = (store: ReturnType<typeof emptyDocumentStore>, name: string) =>
  store.transact("Rename", (tx) => tx.put({ ...store.document, name }));

describe("the commit pipeline", () => {
  it("runs the stages in the declared order, whatever order their parts subscribed in", () => {
    const store = emptyDocumentStore();
    const pipeline = new CommitPipeline(store);
    const heard: string[] = [];
    for (const stage of [...COMMIT_STAGES].reverse())
      pipeline.stage(stage).subscribe(() => heard.push(stage));
    // Two parts on one stage run in the order they subscribed.
    pipeline.stage("tools").subscribe(() => heard.push("tools, second"));
    rename(store, "A");
    expect(heard).toEqual([...COMMIT_STAGES, "tools, second"]);
  });

  it("traces the time of each stage that has a listener, keeping the last commits only", () => {
    const store = emptyDocumentStore();
    const pipeline = new CommitPipeline(store, true);
    pipeline.stage("renderer").subscribe(() => {});
    pipeline.stage("history").subscribe(() => {});
    for (let i = 0; i < TRACE_LENGTH + 5; i++) rename(store, `Name ${i}`);
    const trace = pipeline.trace();
    expect(trace).toHaveLength(TRACE_LENGTH);
    expect(trace.at(-1)!.label).toBe("Rename");
    expect(trace.at(-1)!.version).toBe(store.version);
    expect(trace.at(-1)!.stages.map((s) => s.stage)).toEqual(["history", "renderer"]);
    expect(new CommitPipeline(store).trace()).toEqual([]);
  });

  it("hears nothing more once disposed, and a part that unsubscribes is left out", () => {
    const store = emptyDocumentStore();
    const pipeline = new CommitPipeline(store, true);
    let spatial = 0;
    let overlays = 0;
    const stop = pipeline.stage("spatial index").subscribe(() => (spatial += 1));
    pipeline.stage("overlays").subscribe(() => (overlays += 1));
    rename(store, "A");
    stop();
    rename(store, "B");
    pipeline.dispose();
    rename(store, "C");
    expect([spatial, overlays]).toEqual([1, 2]);
    expect(pipeline.trace()).toHaveLength(2);
  });
});
