import { describe, expect, it } from "vitest";
import type { KeyPress, Modifiers } from "../../engine";
import { typedCharacter, typeKey, type FieldText } from "../../src/tools/typedKeys";

const NONE: Modifiers = { shift: false, ctrl: false, alt: false, meta: false };

function press(key: string, modifiers: Partial<Modifiers> = {}): KeyPress {
  return { code: "", key, modifiers: { ...NONE, ...modifiers }, repeat: false };
}

function at(value: string, start = value.length, end = start): FieldText {
  return { value, start, end };
}

/** Types the keys in order into `field`, as the field would; "commit" when one closes it. */
function typeAll(field: FieldText, keys: readonly KeyPress[]): FieldText | "commit" {
  let current = field;
  for (const key of keys) {
    const result = typeKey(current, key);
    if (result.type === "commit") return "commit";
    if (result.type === "edit") current = result.text;
  }
  return current;
}

describe("keys typed before the text field has the keyboard", () => {
  it("characters are inserted at the caret, in order, replacing a selection", () => {
    expect(
      typeAll(
        at(""),
        [..."Hi there"].map((k) => press(k)),
      ),
    ).toEqual(at("Hi there"));
    expect(typeAll(at("ac", 1), [press("b")])).toEqual(at("abc", 2));
    expect(typeAll(at("a---d", 1, 4), [press("b"), press("c")])).toEqual(at("abcd", 3));
    expect(typeAll(at(""), [press("H", { shift: true })])).toEqual(at("H"));
  });

  it("shortcut chords and named keys type nothing; AltGr characters do", () => {
    expect(typedCharacter(press("z", { ctrl: true }))).toBeNull();
    expect(typedCharacter(press("s", { meta: true }))).toBeNull();
    expect(typedCharacter(press("Shift", { shift: true }))).toBeNull();
    expect(typedCharacter(press("F2"))).toBeNull();
    expect(typedCharacter(press("@", { ctrl: true, alt: true }))).toBe("@");
    expect(typedCharacter(press("é", { alt: true }))).toBe("é");
    expect(typedCharacter(press("😀"))).toBe("😀");
    expect(typeKey(at("x"), press("Tab")).type).toBe("none");
  });

  it("Enter starts a line; Ctrl+Enter, Cmd+Enter and Esc commit", () => {
    expect(typeAll(at("a"), [press("Enter"), press("b")])).toEqual(at("a\nb"));
    expect(typeKey(at("a"), press("Enter", { ctrl: true })).type).toBe("commit");
    expect(typeKey(at("a"), press("Enter", { meta: true })).type).toBe("commit");
    expect(typeKey(at("a"), press("Escape")).type).toBe("commit");
  });

  it("Backspace and Delete remove one character, a whole surrogate pair, or the selection", () => {
    expect(typeAll(at("abc"), [press("Backspace")])).toEqual(at("ab"));
    expect(typeAll(at("a😀"), [press("Backspace")])).toEqual(at("a"));
    expect(typeAll(at("abc", 0), [press("Delete")])).toEqual(at("bc", 0));
    expect(typeAll(at("😀b", 0), [press("Delete")])).toEqual(at("b", 0));
    expect(typeAll(at("abcd", 1, 3), [press("Backspace")])).toEqual(at("ad", 1));
    expect(typeAll(at("", 0), [press("Backspace")])).toEqual(at("", 0));
    expect(typeAll(at("ab"), [press("Delete")])).toEqual(at("ab"));
  });

  it("arrows, Home and End move the caret within the line", () => {
    expect(typeAll(at("abc"), [press("ArrowLeft"), press("ArrowLeft"), press("x")])).toEqual(
      at("axbc", 2),
    );
    expect(typeAll(at("abc", 0), [press("ArrowRight"), press("x")])).toEqual(at("axbc", 2));
    expect(typeAll(at("one\ntwo"), [press("Home"), press("x")])).toEqual(at("one\nxtwo", 5));
    expect(typeAll(at("\nab", 0), [press("Home")])).toEqual(at("\nab", 0));
    expect(typeAll(at("one\ntwo", 1), [press("End"), press("x")])).toEqual(at("onex\ntwo", 4));
    expect(typeAll(at("one\ntwo", 5), [press("End")])).toEqual(at("one\ntwo", 7));
  });
});
