import { useState } from "react";
import type { TextSize } from "../../tools/labelGrowth";
import { setGeometry, setSelectionBounds, type GeometryChange } from "../../actions/numeric";
import { withStrokeWidth } from "../../actions/style";
import type { DocumentStore } from "../../doc/store";
import {
  ARROW_HEADS,
  LINE_ROUTES,
  type LineRoute,
  BLEND_MODES,
  type ArrowHead,
  type BlendMode,
  type LineCap,
  type LineJoin,
  type Paint,
  type RGBA,
  type SceneNode,
  type Stroke,
  type TextNode,
  type DocRecord,
  isSceneNode,
} from "../../doc/types";
import type { DocumentPulse } from "../documentPulse";
import { useDocumentView } from "../hooks";
import { useMessages } from "../i18n/context";
import { useRenderCount } from "../renderCount";
import { CornerRadii, type Radii } from "./CornerRadii";
import { clamp, editNodes, LIMITS } from "./edits";
import { FillEditor } from "./FillEditor";
import { gradientBox } from "../../shapes/gradientBox";
import { kindFieldValue, withKindField } from "../../shapes/registry";
import { UNIT_DEG } from "./expression";
import { NumberField } from "./NumberField";
import type { RecentColours } from "./recentColours";
import { StrokePaintEditor } from "./StrokePaintEditor";
import type { GradientEditRequests } from "../../editing/gradientEditRequests";
import { dashKey, summaryCache, type Field } from "./summary";
import { ColorPicker } from "./ColorPicker";
import { DropShadowFields } from "./DropShadowFields";
import { isGroup } from "../../shapes/group";
import {
  FONT_FAMILIES,
  FONT_SIZE_LIMITS,
  FONT_WEIGHTS,
  TEXT_ALIGNS,
  withCurrent,
  withLabel,
  withType,
} from "./labelFields";

const DASH_PRESETS: readonly { label: string; dash: readonly number[] }[] = [
  { label: "Solid", dash: [] },
  { label: "Dashed", dash: [8, 4] },
  { label: "Dotted", dash: [1, 4] },
  { label: "Dash-dot", dash: [8, 4, 1, 4] },
];
const CAPS: readonly LineCap[] = ["butt", "round", "square"];
const JOINS: readonly LineJoin[] = ["miter", "round", "bevel"];
const MIXED_VALUE = "__mixed__";

function solidColor(field: Field<Paint | null | { type: "none" }>): RGBA | null {
  return field.state === "same" && field.value !== null && field.value.type === "solid"
    ? field.value.color
    : null;
}

/** Whether a record is a group (the one kind that carries a drop shadow). */
function isGroupRecord(record: DocRecord | undefined): boolean {
  return record !== undefined && isSceneNode(record) && isGroup(record);
}

/** A numeric field as a menu's string value. */
function numberChoice(field: Field<number>): Field<string> {
  return field.state === "same" ? { state: "same", value: String(field.value) } : field;
}

interface ChoiceProps<T extends string> {
  readonly label: string;
  readonly field: Field<T>;
  readonly options: readonly { value: T; label: string }[];
  readonly onChange: (value: T) => void;
}

function Choice<T extends string>({ label, field, options, onChange }: ChoiceProps<T>) {
  const t = useMessages().t;
  if (field.state === "none") return null;
  return (
    <label className="lw-field">
      <span className="lw-field-label">{label}</span>
      <select
        className="lw-input"
        value={field.state === "same" ? field.value : MIXED_VALUE}
        onChange={(event) => {
          if (event.target.value !== MIXED_VALUE) onChange(event.target.value as T);
        }}
      >
        {field.state === "mixed" ? (
          <option value={MIXED_VALUE}>{t("properties.mixed")}</option>
        ) : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The four corners' panel fields, clockwise from the top left, as `Radii` orders them. */
const CORNERS = [
  "cornerTopLeft",
  "cornerTopRight",
  "cornerBottomRight",
  "cornerBottomLeft",
] as const;

/** The node with its corner radii changed; null for a kind without corners. */
function withCorners(node: SceneNode, change: (radii: Radii) => Radii): SceneNode | null {
  const [tl, tr, br, bl] = CORNERS.map((corner) => kindFieldValue(node, corner));
  if (tl === undefined || tr === undefined || br === undefined || bl === undefined) return null;
  const radii = change([tl, tr, br, bl]);
  let next: SceneNode | null = node;
  for (let i = 0; i < CORNERS.length && next !== null; i++)
    next = withKindField(next, CORNERS[i]!, radii[i]!);
  return next;
}

/** A change of type: the family, the size or the weight. */
type TypeChange = { fontFamily: string } | { fontSize: number } | { fontWeight: number };

/**
 * Font, size and weight fields, for a text's type or a label's: each change is applied by
 * `onChange` under its field's name (the undo step's name too).
 */
function TypeFields({
  labels,
  fields,
  onChange,
}: {
  readonly labels: { readonly family: string; readonly size: string; readonly weight: string };
  readonly fields: {
    readonly family: Field<string>;
    readonly size: Field<number>;
    readonly weight: Field<number>;
  };
  readonly onChange: (name: string, change: TypeChange) => void;
}) {
  return (
    <>
      <Choice
        label={labels.family}
        field={fields.family}
        options={withCurrent(
          FONT_FAMILIES,
          fields.family.state === "same" ? fields.family.value : null,
          (family) => family,
        )}
        onChange={(fontFamily) => onChange(labels.family, { fontFamily })}
      />
      <NumberField
        label={labels.size}
        field={fields.size}
        onCommit={(size) => onChange(labels.size, { fontSize: clamp(size, FONT_SIZE_LIMITS) })}
      />
      <Choice
        label={labels.weight}
        field={numberChoice(fields.weight)}
        options={withCurrent(
          FONT_WEIGHTS,
          fields.weight.state === "same" ? fields.weight.value : null,
          String,
        ).map((w) => ({ value: String(w.value), label: w.label }))}
        onChange={(weight) => onChange(labels.weight, { fontWeight: Number(weight) })}
      />
    </>
  );
}

/**
 * The selection's properties. The summary is memoised by document version and selection, so a
 * 10k-node selection is folded once per change, not per render; "Mixed" marks differing values
 * and an edit writes only the property it changes.
 */
export function PropertiesPanel({
  store,
  gradientEdits,
  recent,
  pulse,
  measureText,
}: {
  readonly store: DocumentStore;
  /** How the canvas measures text: labels' shapes grow to hold words made bigger here. */
  readonly measureText?: TextSize;
  /** Where "Edit on canvas" asks the open document's gradient tool to take over. */
  readonly gradientEdits: GradientEditRequests;
  /** The colours last picked, shared by every document of the page. */
  readonly recent: RecentColours;
  /** Re-renders on commits (held back during canvas drags); the cache recomputes per version. */
  readonly pulse: DocumentPulse;
}) {
  useRenderCount("PropertiesPanel");
  const t = useMessages().t;
  const { selection } = useDocumentView(pulse);
  const [cache] = useState(summaryCache);
  const summary = cache(store, selection);
  if (summary.count === 0)
    return (
      <section className="lw-panel-section" aria-label={t("properties.label")}>
        <h2 className="lw-panel-title">{t("properties.label")}</h2>
        <p className="lw-muted">{t("properties.empty")}</p>
      </section>
    );

  const edit = (label: string, change: (node: SceneNode) => SceneNode | null): void =>
    editNodes(store, label, selection, change);
  // Position, size and angle go through the numeric frame API: sizes scale any kind's geometry
  // (paths and groups too), rotation turns about the frame's centre. A size of 0 cannot be
  // reached by scaling, so it is not applied.
  const frame = (change: GeometryChange): void => {
    if (change.width === 0 || change.height === 0) return;
    // Several nodes move and scale as one box; rotation still turns each about its centre.
    if (summary.count > 1 && change.rotation === undefined)
      setSelectionBounds({ store }, selection, change);
    else setGeometry({ store }, selection, change);
  };
  const styled =
    (change: (node: SceneNode & { stroke: Stroke }) => SceneNode) =>
    (node: SceneNode): SceneNode | null =>
      "stroke" in node ? change(node) : null;
  const strokeColor = solidColor(summary.strokePaint);
  // On-canvas gradient editing works on one node at a time.
  const onCanvas = (target: "fill" | "stroke") =>
    summary.count === 1 ? () => gradientEdits.request(target) : undefined;
  const dashField: Field<string> = summary.dash;

  return (
    <section className="lw-panel-section lw-properties" aria-label={t("properties.label")}>
      <h2 className="lw-panel-title">{t("properties.label")}</h2>
      <div className="lw-grid2">
        <NumberField
          label={t("properties.x")}
          field={summary.x}
          onCommit={(x) => frame({ x: clamp(x, LIMITS.position) })}
        />
        <NumberField
          label={t("properties.y")}
          field={summary.y}
          onCommit={(y) => frame({ y: clamp(y, LIMITS.position) })}
        />
        <NumberField
          label={t("properties.width")}
          field={summary.width}
          onCommit={(w) => frame({ width: clamp(w, LIMITS.size) })}
        />
        <NumberField
          label={t("properties.height")}
          field={summary.height}
          onCommit={(h) => frame({ height: clamp(h, LIMITS.size) })}
        />
        <NumberField
          label={t("properties.rotation")}
          field={summary.rotation}
          units={UNIT_DEG}
          suffix="°"
          onCommit={(deg) => frame({ rotation: ((deg % 360) + 360) % 360 })}
        />
        <CornerRadii
          radius={summary.radius}
          corners={summary.corners}
          onChange={(change) => edit("Corner radius", (n) => withCorners(n, change))}
        />
        <NumberField
          label={t("properties.points")}
          field={summary.pointCount}
          digits={0}
          units={{}}
          onCommit={(p) => edit("Points", (n) => withKindField(n, "pointCount", p))}
        />
        <NumberField
          label={t("properties.innerRatio")}
          field={
            summary.innerRatio.state === "same"
              ? { state: "same", value: summary.innerRatio.value * 100 }
              : summary.innerRatio
          }
          units={{ "%": 1 }}
          digits={0}
          suffix="%"
          onCommit={(percent) =>
            edit("Inner radius", (n) => withKindField(n, "innerRatio", percent / 100))
          }
        />
      </div>
      {summary.star.state !== "none" ? (
        <label className="lw-check">
          <input
            type="checkbox"
            checked={summary.star.state === "same" && summary.star.value}
            ref={(input) => {
              if (input) input.indeterminate = summary.star.state === "mixed";
            }}
            onChange={(event) => {
              const star = event.target.checked;
              edit(star ? "Make star" : "Make polygon", (n) => withKindField(n, "star", star));
            }}
          />
          {t("properties.star")}
        </label>
      ) : null}

      <FillEditor
        fill={summary.fill}
        recent={recent}
        onChange={(label, change) =>
          edit(label, (n) => ("fill" in n ? { ...n, fill: change(n.fill, gradientBox(n)) } : null))
        }
        onEditOnCanvas={onCanvas("fill")}
      />

      {summary.strokeWidth.state !== "none" ? (
        <fieldset className="lw-fieldset">
          <legend>{t("properties.stroke")}</legend>
          <StrokePaintEditor
            paint={summary.strokePaint}
            recent={recent}
            onChange={(label, change) =>
              edit(
                label,
                styled((n) => ({
                  ...n,
                  stroke: { ...n.stroke, paint: change(n.stroke.paint, gradientBox(n)) },
                })),
              )
            }
            onEditOnCanvas={onCanvas("stroke")}
          />
          <label className="lw-check">
            <input
              type="checkbox"
              checked={summary.strokePaint.state === "same" && summary.strokePaint.value === null}
              onChange={(event) =>
                edit(
                  "Stroke",
                  styled((n) => ({
                    ...n,
                    stroke: {
                      ...n.stroke,
                      paint: event.target.checked
                        ? null
                        : { type: "solid", color: strokeColor ?? { r: 0, g: 0, b: 0, a: 1 } },
                    },
                  })),
                )
              }
            />
            {t("properties.noStroke")}
          </label>
          <div className="lw-grid2">
            <NumberField
              label={t("properties.strokeWidth")}
              field={summary.strokeWidth}
              onCommit={(w) =>
                edit(
                  "Stroke width",
                  styled((n) => withStrokeWidth(n, clamp(w, LIMITS.strokeWidth))),
                )
              }
            />
            <Choice
              label={t("properties.dash")}
              field={dashField}
              options={DASH_PRESETS.map((p) => ({ value: dashKey(p.dash), label: p.label }))}
              onChange={(key) => {
                const preset = DASH_PRESETS.find((p) => dashKey(p.dash) === key);
                if (preset)
                  edit(
                    "Dash",
                    styled((n) => ({ ...n, stroke: { ...n.stroke, dash: preset.dash } })),
                  );
              }}
            />
            <Choice
              label={t("properties.cap")}
              field={summary.cap}
              options={CAPS.map((c) => ({ value: c, label: c }))}
              onChange={(cap) =>
                edit(
                  "Line cap",
                  styled((n) => ({ ...n, stroke: { ...n.stroke, cap } })),
                )
              }
            />
            <Choice
              label={t("properties.join")}
              field={summary.join}
              options={JOINS.map((j) => ({ value: j, label: j }))}
              onChange={(join) =>
                edit(
                  "Line join",
                  styled((n) => ({ ...n, stroke: { ...n.stroke, join } })),
                )
              }
            />
            <Choice<ArrowHead>
              label={t("properties.startHead")}
              field={summary.startHead}
              options={ARROW_HEADS.map((h) => ({ value: h, label: h }))}
              onChange={(startHead) =>
                edit("Arrowhead", (n) => withKindField(n, "startHead", startHead))
              }
            />
            <Choice<ArrowHead>
              label={t("properties.endHead")}
              field={summary.endHead}
              options={ARROW_HEADS.map((h) => ({ value: h, label: h }))}
              onChange={(endHead) => edit("Arrowhead", (n) => withKindField(n, "endHead", endHead))}
            />
            <Choice<LineRoute>
              label={t("properties.route")}
              field={summary.route}
              options={LINE_ROUTES.map((r) => ({ value: r, label: r }))}
              onChange={(route) => edit("Route", (n) => withKindField(n, "route", route))}
            />
          </div>
        </fieldset>
      ) : null}

      {summary.textSize.state !== "none" ? (
        <fieldset className="lw-fieldset">
          <legend>{t("properties.textSection")}</legend>
          <div className="lw-grid2">
            <TypeFields
              labels={{
                family: t("properties.textFont"),
                size: t("properties.textSize"),
                weight: t("properties.textWeight"),
              }}
              fields={{
                family: summary.textFamily,
                size: summary.textSize,
                weight: summary.textWeight,
              }}
              onChange={(name, change) => edit(name, (n) => withType(n, change))}
            />
            <Choice<TextNode["align"]>
              label={t("properties.textAlign")}
              field={summary.textAlign}
              options={TEXT_ALIGNS}
              onChange={(align) => edit("Align text", (n) => withType(n, { align }))}
            />
          </div>
        </fieldset>
      ) : null}

      {summary.labelSize.state !== "none" ? (
        <fieldset className="lw-fieldset">
          <legend>{t("properties.labelSection")}</legend>
          <div className="lw-grid2">
            <TypeFields
              labels={{
                family: t("properties.labelFont"),
                size: t("properties.labelSize"),
                weight: t("properties.labelWeight"),
              }}
              fields={{
                family: summary.labelFamily,
                size: summary.labelSize,
                weight: summary.labelWeight,
              }}
              onChange={(name, change) =>
                edit(name, (n) => withLabel(n, (l) => ({ ...l, ...change }), measureText))
              }
            />
          </div>
          <ColorPicker
            label={t("properties.labelColor")}
            color={summary.labelColor.state === "same" ? summary.labelColor.value : null}
            mixed={summary.labelColor.state === "mixed"}
            recent={recent}
            onCommit={(color) =>
              edit("Label colour", (n) => withLabel(n, (l) => ({ ...l, color })))
            }
          />
        </fieldset>
      ) : null}

      <div className="lw-grid2">
        <NumberField
          label={t("properties.opacity")}
          field={
            summary.opacity.state === "same"
              ? { state: "same", value: summary.opacity.value * 100 }
              : summary.opacity
          }
          units={{ "%": 1 }}
          digits={0}
          suffix="%"
          onCommit={(percent) =>
            edit("Opacity", (n) => ({ ...n, opacity: clamp(percent / 100, { min: 0, max: 1 }) }))
          }
        />
        <Choice<BlendMode>
          label={t("properties.blend")}
          field={summary.blendMode}
          options={BLEND_MODES.map((b) => ({ value: b, label: b }))}
          onChange={(blendMode) => edit("Blend mode", (n) => ({ ...n, blendMode }))}
        />
      </div>
      {selection.length === 1 && isGroupRecord(store.get(selection[0]!)) ? (
        <DropShadowFields
          store={store}
          node={store.get(selection[0]!) as SceneNode}
          recent={recent}
        />
      ) : null}
    </section>
  );
}
