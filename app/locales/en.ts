import { collect } from "./collect";
export default collect(import.meta.glob<Record<string, unknown>>("./en/*.json", { import: "default", eager: true }));
