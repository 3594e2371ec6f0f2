import type { ToolId } from "../editing/settings";
import { TOOLS } from "./catalog";
import type { ToolFactory } from "./controller";

/** How each tool is made (from its declaration); the controller makes one of each per open document. */
export const TOOL_FACTORIES: Readonly<Record<ToolId, ToolFactory>> = Object.fromEntries(
  TOOLS.map((tool): [ToolId, ToolFactory] => [tool.id, tool.make]),
) as Record<ToolId, ToolFactory>;
