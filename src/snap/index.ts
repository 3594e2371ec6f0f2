export { snapAngle } from "../geometry/angle";
export { SceneSnapper, type SnapperOptions } from "./snapper";
export { shapeBox } from "./shapeBox";
