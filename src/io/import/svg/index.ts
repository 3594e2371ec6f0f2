import type { ImportProgress, ImportResult } from "../result";
import { failureOf } from "../failure";
import { flattenDrafts } from "../tree";
import { parseXml } from "../xml";
import { convertSvg } from "./convert";

/**
 * SVG text into editable nodes: one top-level group holding the drawing. Never throws; a file
 * that cannot be imported gives `{ ok: false, error }`.
 */
export function importSvg(text: string, name: string, progress?: ImportProgress): ImportResult {
  try {
    const document = parseXml(text);
    const conversion = convertSvg(document.root, name, document.externalEntityReferences, progress);
    const nodes = flattenDrafts(conversion.drafts);
    progress?.(1);
    return { ok: true, nodes, blobs: conversion.blobs, warnings: conversion.warnings };
  } catch (error) {
    return failureOf(error, "SVG");
  }
}
