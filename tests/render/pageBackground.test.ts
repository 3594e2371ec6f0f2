import { describe, expect, it } from "vitest";
import { createDocument } from "../../src/doc/factory";
import { canvasBackground, DEFAULT_PAGE_BACKGROUND } from "../../src/render/pageBackground";

/** The themes' canvas colours (`CANVAS_COLOURS`, whose module loads PixiJS). */
const LIGHT = 0xf4f4f5;
const DARK = 0x27272a;

describe("canvas background", () => {
  it("the default page colour is the one new documents get, and shows the theme's colour", () => {
    const page = createDocument({
      id: "d",
      pageId: "p",
      name: "D",
      author: "a",
      created: "2026-01-01T00:00:00.000Z",
    }).find((record) => record.type === "page");
    expect(page?.type === "page" ? page.background : null).toEqual(DEFAULT_PAGE_BACKGROUND);
    expect(canvasBackground(LIGHT, DEFAULT_PAGE_BACKGROUND)).toBe(LIGHT);
    expect(canvasBackground(DARK, DEFAULT_PAGE_BACKGROUND)).toBe(DARK);
    expect(canvasBackground(DARK, null)).toBe(DARK);
  });

  it("any other colour is drawn in both themes, a translucent one over the theme's", () => {
    const blue = { r: 0.2, g: 0.4, b: 0.8, a: 1 };
    expect(canvasBackground(LIGHT, blue)).toBe(0x3366cc);
    expect(canvasBackground(DARK, blue)).toBe(0x3366cc);
    expect(canvasBackground(0xffffff, { r: 0, g: 0, b: 0, a: 0.5 })).toBe(0x808080);
    expect(canvasBackground(0x000000, { r: 1, g: 1, b: 1, a: 0 })).toBe(0x000000);
  });
});
