// The command line's public surface, for the chrome that shows it.
export { complete, MAX_SUGGESTIONS } from "./complete";
export type { Completion, Suggestion } from "./complete";
export { execute, runCommandLine } from "./execute";
export type { CommandLineHost, ExecuteResult, ZoomTarget } from "./execute";
export { CommandHistory } from "./history";
export { formatCommand, parseCommand } from "./parse";
export type { NamedCommand, ParseFailure, ParseResult } from "./parse";
export { COMMAND_SYNTAX } from "./syntax";
export type { ParsedCommand } from "./syntax";
export { parseTypedSize } from "./typedSize";
export type { TypedSize } from "./typedSize";
