/** `npm run docs:settings`: writes docs/site-settings.md from the settings schema. */
import { writeFileSync } from "node:fs";
import { renderSettingsDocs } from "./settings-docs";

writeFileSync(new URL("../docs/site-settings.md", import.meta.url), renderSettingsDocs());
console.log("docs/site-settings.md written.");
