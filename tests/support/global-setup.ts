/** vitest's global setup: the demo database the test servers copy (see demo-template.ts). */
import { prepareDemoTemplate } from "./demo-template";

export default function setup(): Promise<() => Promise<void>> {
  return prepareDemoTemplate();
}
