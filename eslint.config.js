import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "**/*.tmp.*",
      "build/",
      "build-*/",
      ".tmp/",
      ".data/",
      ".react-router/",
      "node_modules/",
      "server/db/migrations/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    // Modules that import each other cannot be read, tested or moved one at a time.
    files: ["**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver-next": [createTypeScriptImportResolver()],
    },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    // The domain layer is pure: no React, no server, no database, no Node built-ins.
    files: ["domain/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [
                "node:*",
                "react",
                "react-*",
                "react-router",
                "drizzle-orm",
                "drizzle-orm/*",
                "pg",
                "@electric-sql/*",
              ],
              message: "domain/ is pure: no I/O, no framework.",
            },
            {
              group: ["~/server/*", "~/app/*", "~/cli/*", "~/tests/*", "../server/*", "../app/*"],
              message: "domain/ depends on nothing of ours.",
            },
          ],
        },
      ],
    },
  },
  {
    // Pages reach the database through server modules and the site scope, never on their own.
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["drizzle-orm", "drizzle-orm/*", "~/server/db/schema", "**/db/schema"],
              message:
                "app/ calls server modules, which query through the site scope (server/sites/scope.ts).",
            },
          ],
        },
      ],
    },
  },
  {
    // The settings schema reads its choices from site-constants.ts and nothing else of ours, so
    // that no rule module can end up importing the schema that imports it.
    files: ["domain/site-settings.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["./*", "!./site-constants", "~/*", "../*"],
              message: "site-settings.ts imports only zod and ./site-constants.",
            },
          ],
        },
      ],
    },
  },
  {
    // Code that reaches the browser keeps the schema library out of the pages' JavaScript:
    // settings types only; the choices themselves live in domain/site-constants.ts.
    files: ["app/components/**/*.{ts,tsx}", "app/root.tsx", "domain/**/*.ts"],
    ignores: ["**/*.test.ts", "**/*.test.tsx", "domain/site-settings.ts", "domain/testing/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "zod", message: "zod stays on the server: validate with the domain's rules." },
          ],
          patterns: [
            {
              group: ["**/site-settings"],
              allowTypeImports: true,
              message: "Import types from site-settings, values from site-constants.",
            },
          ],
        },
      ],
    },
  },
);
