import type { ImportProgress, ImportResult } from "../result";
import { failureOf } from "../failure";
import { flattenDrafts } from "../tree";
import { DEFAULT_XML_LIMITS, parseXml } from "../xml";
import { convertSvg } from "./convert";
import type { TextMeasure } from "../../export/textLayout";

/**
 * Shares of the progress bar per stage, roughly their shares of the time for a large file:
 * reading the XML, then converting elements to drafts; flattening takes the rest.
 */
const PARSE_SHARE = 0.4;
const CONVERT_SHARE = 0.55;

/**
 * SVG text into editable nodes: one top-level group holding the drawing. Never throws; a file
 * that cannot be imported gives `{ ok: false, error }`.
 */
export function importSvg(
  text: string,
  name: string,
  progress?: ImportProgress,
  measure?: TextMeasure,
): ImportResult {
  try {
    const document = parseXml(
      text,
      DEFAULT_XML_LIMITS,
      progress && ((f) => progress(f * PARSE_SHARE)),
    );
    const conversion = convertSvg(
      document.root,
      name,
      document.externalEntityReferences,
      progress && ((f) => progress(PARSE_SHARE + f * CONVERT_SHARE)),
      measure,
    );
    const nodes = flattenDrafts(conversion.drafts);
    progress?.(1);
    return { ok: true, nodes, blobs: conversion.blobs, warnings: conversion.warnings };
  } catch (error) {
    return failureOf(error, "SVG");
  }
}
