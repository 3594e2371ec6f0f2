import { alignSelection, distributeSelection } from "../actions/align";
import { connectShapes } from "../actions/connect";
import { duplicateSelection } from "../actions/duplicate";
import { selectAll, selectNone } from "../actions/selection";
import { deleteSelection, groupSelection, ungroupSelection } from "../actions/structure";
import { selectedPolygons, setStar } from "../actions/stars";
import { setFill, setStroke } from "../actions/style";
import { editableSelection } from "../actions/targets";
import { transformSelection } from "../actions/transform";
import type { CommandRegistry } from "../editing/commands";
import type { EditableDocument } from "../editing/editor";
import { addNodes, worldMatrix } from "../doc/commands";
import { NO_FILL } from "../doc/factory";
import { labelOf } from "../shapes/label";
import { makeNode } from "../shapes/makeNode";
import { newId } from "../doc/ids";
import { fromMatrix, invert, multiply } from "../doc/transform";
import {
  isContainer,
  type EllipseNode,
  type Fill,
  type Id,
  type LineNode,
  type RectNode,
  type RGBA,
  type SceneNode,
  type StarNode,
  type Stroke,
} from "../doc/types";
import type { ToolSettings } from "../editing/settings";
import { parseCommand, type ParseFailure } from "./parse";
import type { ParsedCommand } from "./syntax";
import { isGroup } from "../shapes/group";
import { holdsChildren } from "../shapes/registry";

/** The view the `zoom` command drives. */
export interface ZoomTarget {
  /** 100 is actual size. */
  zoomTo(percent: number): void;
  zoomToFit(): void;
}

/** What the command line needs of the running program. */
export interface CommandLineHost {
  editor(): EditableDocument;
  /** The page, or the group the person entered: where new shapes go. */
  scope(): Id;
  /** Style of new shapes; `fill` and `stroke` with nothing selected change it. */
  readonly settings: ToolSettings;
  /** Registered commands, reachable by id or label. */
  readonly registry?: CommandRegistry;
  readonly view?: ZoomTarget;
  readonly makeId?: () => Id;
}

export type ExecuteResult = { readonly ok: true; readonly message?: string } | ParseFailure;

/** A command's outcome: null when done, a sentence when it could not run, or a note. */
type Outcome = string | null | { readonly note: string };

function solid(color: RGBA | null): Fill {
  return color === null ? NO_FILL : { type: "solid", color };
}

/** Parses and runs one line; each edit it makes is one undo step. */
export function runCommandLine(host: CommandLineHost, line: string): ExecuteResult {
  const parsed = parseCommand(line, host.registry?.list() ?? []);
  if (!parsed.ok) return parsed;
  const outcome = execute(host, parsed.command);
  if (outcome === null) return { ok: true };
  if (typeof outcome === "object") return { ok: true, message: outcome.note };
  return { ok: false, error: outcome, start: 0, end: line.length };
}

/** Runs a parsed command (see Outcome). */
export function execute(host: CommandLineHost, command: ParsedCommand): Outcome {
  const editor = host.editor();
  const { store } = editor;
  const name = command.kind;
  const needsSelection = (minimum = 1): string | null => {
    if (store.readOnly) return `${name}: the document is read-only`;
    const count = editableSelection(store).length;
    if (count >= minimum) return null;
    return minimum === 1
      ? `${name}: nothing editable is selected`
      : `${name}: select at least ${minimum} unlocked shapes`;
  };
  const onSelection = (run: () => void, minimum = 1): Outcome => {
    const problem = needsSelection(minimum);
    if (problem === null) run();
    return problem;
  };
  switch (command.kind) {
    case "rect":
    case "ellipse":
    case "line":
      return draw(host, command);
    case "star":
      return star(host, command);
    case "move":
      return onSelection(() =>
        transformSelection(editor, { translate: { x: command.dx, y: command.dy } }),
      );
    case "rotate":
      return onSelection(() => transformSelection(editor, { rotateDeg: command.degrees }));
    case "scale":
      return onSelection(() =>
        transformSelection(editor, { scale: { x: command.x, y: command.y } }),
      );
    case "fill":
    case "stroke": {
      if (store.readOnly) return `${name}: the document is read-only`;
      const targets = editableSelection(store).map((n) => n.id);
      if (targets.length === 0) {
        const current = host.settings.get();
        if (command.kind === "fill") host.settings.update({ fill: solid(command.color) });
        else host.settings.update({ stroke: { ...current.stroke, ...strokePatch(command) } });
        return { note: `${name}: set for new shapes` };
      }
      if (command.kind === "fill") setFill(editor, targets, solid(command.color));
      else setStroke(editor, targets, strokePatch(command));
      return null;
    }
    case "align":
      return onSelection(() => alignSelection(editor, command.edge));
    case "distribute":
      return onSelection(() => distributeSelection(editor, command.axis), 3);
    case "group":
      return onSelection(() => groupSelection(editor, host.makeId));
    case "ungroup":
      if (!store.readOnly && !editableSelection(store).some(isGroup))
        return "ungroup: no group is selected";
      return onSelection(() => ungroupSelection(editor));
    case "delete":
      return onSelection(() => deleteSelection(editor));
    case "duplicate":
      if (store.readOnly) return "duplicate: the document is read-only";
      if (store.selection.length === 0) return "duplicate: nothing is selected";
      duplicateSelection(editor, host.makeId);
      return null;
    case "connect":
      return connect(host, command);
    case "select":
      if (command.which === "all") selectAll(editor, host.scope());
      else selectNone(editor);
      return null;
    case "zoom":
      if (host.view === undefined) return "zoom: there is no view to zoom";
      if (command.percent === "fit") host.view.zoomToFit();
      else host.view.zoomTo(command.percent);
      return null;
    case "run": {
      const registered = host.registry?.get(command.id);
      if (registered === undefined) return `${command.id}: no such command`;
      return host.registry!.run(command.id) ? null : `${registered.label}: not available now`;
    }
  }
}

/** The one shape on the page called `name` (any case), or a sentence saying why there is none. */
function shapeNamed(
  editor: EditableDocument,
  scope: Id,
  name: string,
): { readonly id: Id } | { readonly error: string } {
  const { store } = editor;
  const page = store.pageOf(scope)?.id ?? scope;
  const wanted = plainWords(name);
  // A layer name first; failing that, the words of a label (what a diagram's boxes show).
  const named: Id[] = [];
  const labelled: Id[] = [];
  const stack = [...store.childrenOf(page)];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (plainWords(node.name) === wanted) named.push(node.id);
    const label = labelOf(node);
    if (label !== null && plainWords(label.content) === wanted) labelled.push(node.id);
    if (holdsChildren(node)) stack.push(...store.childrenOf(node.id));
  }
  const found = named.length > 0 ? named : labelled;
  if (found.length === 0)
    return { error: `connect: no shape on this page is called or labelled “${name}”` };
  if (found.length > 1)
    return {
      error:
        found === named
          ? `connect: ${found.length} shapes are called “${name}”; rename one`
          : `connect: ${found.length} shapes are labelled “${name}”; name one in the layers`,
    };
  return { id: found[0]! };
}

/** Words compared as a person reads them: case, line breaks and runs of spaces aside. */
function plainWords(text: string): string {
  return text.trim().replace(/\s+/g, " ").toLowerCase();
}

/** `connect`: a bound arrow between two shapes named on the line, or the two selected. */
function connect(
  host: CommandLineHost,
  command: Extract<ParsedCommand, { kind: "connect" }>,
): Outcome {
  const editor = host.editor();
  let from: Id;
  let to: Id;
  if (command.from === null || command.to === null) {
    const selected = editor.store.selection;
    if (selected.length !== 2) return "connect: select two shapes, or name them";
    [from, to] = selected as [Id, Id];
  } else {
    const a = shapeNamed(editor, host.scope(), command.from);
    const b = shapeNamed(editor, host.scope(), command.to);
    if ("error" in a) return a.error;
    if ("error" in b) return b.error;
    [from, to] = [a.id, b.id];
  }
  const result = connectShapes(editor, from, to, host.settings.get().stroke, host.makeId);
  return result.ok ? null : `connect: ${result.error}`;
}

/**
 * `star`: draws one at `at`; otherwise the selected polygons and stars become stars, or with
 * nothing selected the polygon tool's next shapes will be.
 */
function star(host: CommandLineHost, command: Extract<ParsedCommand, { kind: "star" }>): Outcome {
  const editor = host.editor();
  const { store } = editor;
  if (store.readOnly) return "star: the document is read-only";
  const options = {
    points: command.points,
    ...(command.innerRatio === undefined ? {} : { innerRatio: command.innerRatio }),
  };
  if (command.at !== undefined) return draw(host, { ...command, at: command.at });
  if (store.selection.length === 0) {
    host.settings.update({ starPoints: command.points });
    return { note: `star: the polygon tool (Y) draws ${command.points}-point stars` };
  }
  const shapes = selectedPolygons(editor);
  if (shapes.length === 0) return "star: select a polygon or a star";
  setStar(
    editor,
    shapes.map((n) => n.id),
    true,
    options,
  );
  return null;
}

/** The stroke fields a `stroke` command sets: always the width, the paint when one was given. */
function strokePatch(command: Extract<ParsedCommand, { kind: "stroke" }>): Partial<Stroke> {
  if (command.color === undefined) return { width: command.width };
  return {
    width: command.width,
    paint: command.color === null ? null : { type: "solid", color: command.color },
  };
}

type DrawCommand =
  | Extract<ParsedCommand, { kind: "rect" | "ellipse" | "line" }>
  | (Extract<ParsedCommand, { kind: "star" }> & {
      readonly at: NonNullable<Extract<ParsedCommand, { kind: "star" }>["at"]>;
    });

/** Draws a shape in world units with the style of new shapes, in the scope, and selects it. */
function draw(host: CommandLineHost, command: DrawCommand): string | null {
  const { store } = host.editor();
  if (store.readOnly) return `${command.kind}: the document is read-only`;
  let parent = host.scope();
  const scope = store.get(parent);
  if (scope?.type !== "page" && !isContainer(scope)) parent = store.pages()[0]?.id ?? parent;
  const toScope = invert(worldMatrix(store, parent));
  if (toScope === null) return `${command.kind}: the group being edited is scaled to nothing`;
  const { fill, stroke } = host.settings.get();
  const id = (host.makeId ?? newId)();
  let node: SceneNode;
  let at: { x: number; y: number };
  switch (command.kind) {
    case "rect":
      at = {
        x: Math.min(command.x, command.x + command.width),
        y: Math.min(command.y, command.y + command.height),
      };
      node = makeNode<RectNode>("rect", id, parent, "", {
        fill,
        stroke,
        width: Math.abs(command.width),
        height: Math.abs(command.height),
      });
      break;
    case "ellipse":
      at = { x: command.cx - command.rx, y: command.cy - command.ry };
      node = makeNode<EllipseNode>("ellipse", id, parent, "", {
        fill,
        stroke,
        width: command.rx * 2,
        height: command.ry * 2,
      });
      break;
    case "star":
      at = { x: command.at.cx - command.at.r, y: command.at.cy - command.at.r };
      node = makeNode<StarNode>("star", id, parent, "", {
        fill,
        stroke,
        width: command.at.r * 2,
        height: command.at.r * 2,
        points: command.points,
        ...(command.innerRatio === undefined ? {} : { innerRatio: command.innerRatio }),
      });
      break;
    case "line":
      at = { x: Math.min(command.x1, command.x2), y: Math.min(command.y1, command.y2) };
      node = makeNode<LineNode>("line", id, parent, "", {
        fill: NO_FILL,
        stroke,
        start: { x: command.x1 - at.x, y: command.y1 - at.y },
        end: { x: command.x2 - at.x, y: command.y2 - at.y },
      });
      break;
  }
  const transform = fromMatrix(multiply(toScope, { a: 1, b: 0, c: 0, d: 1, e: at.x, f: at.y }));
  store.transact(node.name, (tx) => {
    addNodes(tx, parent, [{ ...node, transform }]);
    tx.select([id]);
  });
  return null;
}
