import { collect } from "./collect";
export default collect(import.meta.glob<Record<string, unknown>>("./de/*.json", { import: "default", eager: true }));
