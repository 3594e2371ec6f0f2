import type { Command } from "../../editing/commands";

/** Limits on what the palette searches with, so a pasted novel cannot stall the page. */
export const MAX_QUERY_LENGTH = 200;

/**
 * How well a label matches a query: a substring beats a scattered subsequence, an earlier or
 * word-start match beats a later one; null when the query's letters do not all appear in order.
 */
export function matchScore(label: string, query: string): number | null {
  const q = query.trim().toLowerCase().slice(0, MAX_QUERY_LENGTH);
  if (q === "") return 0;
  const text = label.toLowerCase();
  const at = text.indexOf(q);
  if (at >= 0) {
    const wordStart = at === 0 || /[\s.]/.test(text[at - 1] ?? "");
    return 1000 - at * 2 + (wordStart ? 100 : 0);
  }
  let score = 0;
  let from = 0;
  for (const char of q) {
    if (char === " ") continue;
    const found = text.indexOf(char, from);
    if (found < 0) return null;
    score -= found - from;
    from = found + 1;
  }
  return score;
}

/** The commands that match, best first; ties keep the registry's order. */
export function searchCommands(commands: readonly Command[], query: string): Command[] {
  const scored: { command: Command; score: number; order: number }[] = [];
  commands.forEach((command, order) => {
    const byLabel = matchScore(command.label, query);
    const byId = matchScore(command.id, query);
    const best = byLabel === null ? byId : byId === null ? byLabel : Math.max(byLabel, byId);
    if (best !== null) scored.push({ command, score: best, order });
  });
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  return scored.map((entry) => entry.command);
}
