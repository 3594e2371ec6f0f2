import type { CommandRegistry } from "../../editing/commands";
import type { Editor } from "../../app/editor";
import type { CommandLineHost } from "../../commandLine";
import type { ToolSettings } from "../../editing/settings";

/** The command line's view of the running program, for lines typed into the palette. */
export function paletteCommandLineHost(
  current: Editor,
  tools: ToolSettings,
  commands: CommandRegistry,
): CommandLineHost {
  const centre = (): { x: number; y: number } => {
    const size = current.viewport.size;
    return { x: size.width / 2, y: size.height / 2 };
  };
  return {
    editor: () => current,
    scope: () => current.renderer.currentPage ?? current.store.pages()[0]?.id ?? "",
    settings: tools,
    registry: commands,
    view: {
      zoomTo: (percent) => current.camera.setZoom(percent / 100, centre()),
      zoomToFit: () => {
        commands.run("view.fitAll");
      },
    },
  };
}
