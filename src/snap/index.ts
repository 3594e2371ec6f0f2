export { snapAngle } from "./angle";
export { SceneSnapper, type SnapperOptions } from "./snapper";
export { shapeBox } from "./shapeBox";
