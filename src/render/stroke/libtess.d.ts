/** The part of libtess (the SGI GLU tessellator in JavaScript) that the fill resolver uses. */
declare module "libtess" {
  type Vertex = [number, number, number];

  interface GluTesselator {
    gluTessProperty(which: number, value: number | boolean): void;
    gluTessNormal(x: number, y: number, z: number): void;
    gluTessCallback(which: number, callback: ((...args: never[]) => unknown) | null): void;
    gluTessBeginPolygon(data: unknown): void;
    gluTessBeginContour(): void;
    gluTessVertex(coords: Vertex, data: Vertex): void;
    gluTessEndContour(): void;
    gluTessEndPolygon(): void;
    gluDeleteTess(): void;
  }

  const libtess: {
    GluTesselator: new () => GluTesselator;
    windingRule: {
      GLU_TESS_WINDING_ODD: number;
      GLU_TESS_WINDING_NONZERO: number;
    };
    primitiveType: { GL_LINE_LOOP: number; GL_TRIANGLES: number };
    gluEnum: {
      GLU_TESS_WINDING_RULE: number;
      GLU_TESS_BOUNDARY_ONLY: number;
      GLU_TESS_BEGIN: number;
      GLU_TESS_VERTEX_DATA: number;
      GLU_TESS_END: number;
      GLU_TESS_ERROR: number;
      GLU_TESS_COMBINE: number;
    };
  };
  export default libtess;
}
