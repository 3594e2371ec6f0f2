import type { Label } from "../../src/doc/types";

/** A label of `content` in 20-unit black Inter at the middle of a line; `fields` change any part. */
export function sampleLabel(content: string, fields: Partial<Label> = {}): Label {
  return {
    content,
    fontFamily: "Inter",
    fontSize: 20,
    fontWeight: 400,
    fontStyle: "normal",
    color: { r: 0, g: 0, b: 0, a: 1 },
    position: 0.5,
    ...fields,
  };
}
