// One flat config for the monorepo, assembled from small arrays.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import regexp from "eslint-plugin-regexp";
import globals from "globals";
import { readdirSync } from "node:fs";

const ignores = {
  ignores: [
    "**/dist/**",
    "**/build/**",
    "**/node_modules/**",
    "**/coverage/**",
    "var/**",
    "**/test-results/**",
    "**/playwright-report/**",
  ],
};

const base = [
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Every regular expression in the repo, tests and scripts included: no pattern may backtrack
  // super-linearly (one crafted input must never freeze the server), plus the plugin's correctness rules.
  regexp.configs["flat/recommended"],
  {
    rules: {
      "regexp/no-super-linear-backtracking": ["error", { report: "potential" }],
      "regexp/no-super-linear-move": ["error", { report: "potential", ignorePartial: false, ignoreSticky: false }],
    },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
];

// packages/shared is framework-free: no React, Express, Node I/O or env.
const sharedBoundaries = {
  files: ["packages/shared/src/**/*.ts"],
  ignores: ["packages/shared/src/**/*.test.ts"],
  rules: {
    "no-restricted-imports": [
      "error",
      { patterns: ["react", "react-*", "express", "node:*", "@site/*"] },
    ],
    "no-restricted-properties": ["error", { object: "process", property: "env" }],
  },
};

// The API: process.env only in config.ts; the domain never imports http, adapters or frameworks.
const apiEnv = {
  files: ["apps/admin-api/src/**/*.ts"],
  ignores: ["apps/admin-api/src/config.ts"],
  rules: {
    "no-restricted-properties": [
      "error",
      { object: "process", property: "env", message: "Read the environment only in src/config.ts." },
    ],
  },
};
// The API's capabilities (src/<capability>/: port, service, mails, links) and what they share
// (src/common/) are framework-free: they depend on ports, never on http, adapters, workers or the wiring
// (app.ts, services.ts). Routes (routes.ts, *-routes.ts) translate HTTP; adapters are fenced below.
// Code flows one way: http and the wiring -> capabilities -> mail and common; newsletter, contacts,
// comments, personal-data and health never import each other except another's port (its record types).
const apiCapabilities = ["contacts", "newsletter", "comments", "mail", "personal-data", "health", "search", "staff", "leads", "overview", "common"];
// A relative import reaching into one of the sibling capability folders `names` (`../newsletter/service.js`,
// `../../search/routes.js`), then `rest`. Only relative paths: a package's subpath such as
// `@site/shared/search/engine` names no folder of src/.
const siblingImport = (names, rest = "") => `^(\\./)?(\\.\\./)+(${names.join("|")})/${rest}`;
const apiNotDomain = [
  "**/http/**",
  "**/adapters/**",
  "**/workers/**",
  "**/routes.js",
  "**/*-routes.js",
  "**/app.js",
  "**/services.js",
  "**/sqlite.js",
  "**/sqlite-*.js",
  "**/firestore.js",
  "**/firestore-*.js",
];
const apiDomain = apiCapabilities.map((capability) => {
  const others = apiCapabilities.filter((other) => other !== capability && other !== "mail" && other !== "common");
  return {
    files: [`apps/admin-api/src/${capability}/**/*.ts`],
    ignores: [
      "apps/admin-api/src/**/routes.ts",
      "apps/admin-api/src/**/*-routes.ts",
      "apps/admin-api/src/**/sqlite.ts",
      "apps/admin-api/src/**/sqlite-*.ts",
      "apps/admin-api/src/**/firestore.ts",
      "apps/admin-api/src/**/firestore-*.ts",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: apiNotDomain, message: "The domain depends only on ports." },
            { group: ["express", "nodemailer", "better-sqlite3", "firebase-admin", "firebase-admin/*"], message: "The domain is framework-free." },
            ...(capability === "mail" || capability === "common"
              ? [{ regex: siblingImport(apiCapabilities.filter((c) => c !== "mail" && c !== "common")), message: "mail and common sit below the capabilities: they import none of them." }]
              : []),
            ...(others.length > 0
              ? [{ regex: siblingImport(others, "(?!port\\.js$)"), message: "Capabilities import each other only through their port (record types)." }]
              : []),
          ],
        },
      ],
    },
  };
});
// Adapters: src/adapters/** (the composed stores, transports, logger) and each capability's storage
// adapters (src/<capability>/sqlite.ts, sqlite-*.ts, firestore.ts, firestore-*.ts). Adapters may use one another (the
// transaction seam: a capability queues its mails through the mail capability's adapter); nothing else may.
const apiAdapterFiles = [
  "apps/admin-api/src/adapters/**",
  "apps/admin-api/src/**/sqlite.ts",
  "apps/admin-api/src/**/sqlite-*.ts",
  "apps/admin-api/src/**/firestore.ts",
  "apps/admin-api/src/**/firestore-*.ts",
];
const apiAdaptersOnlyFromMain = {
  files: ["apps/admin-api/src/**/*.ts"],
  ignores: ["apps/admin-api/src/main.ts", "apps/admin-api/src/cli/**", ...apiAdapterFiles],
  rules: {
    "no-restricted-imports": [
      "error",
      {
        patterns: [
          {
            group: [
              "**/adapters/**",
              "**/sqlite.js",
              "**/sqlite-*.js",
              "**/firestore.js",
              "**/firestore-*.js",
            ],
            message: "Only main.ts and the operator commands (src/cli) wire adapters.",
          },
        ],
      },
    ],
  },
};

// The web: features never import each other, components/ and lib/ never import features (code flows
// routes -> features -> components, lib); import.meta.env only in app/config/env.ts. The features are the
// folders of apps/web/app/features, read here as apps/web/vite.config.ts reads them for the islands, so a
// new feature is fenced in the moment it exists.
const featureNames = readdirSync(new URL("./apps/web/app/features/", import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webFeatures = featureNames.map((feature) => ({
  files: [`apps/web/app/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    "no-restricted-imports": [
      "error",
      {
        patterns: featureNames
          .filter((other) => other !== feature)
          .map((other) => ({
            // `../other/...` from the feature's folder, `../../other` deeper down, `.../features/other`.
            regex: `^(\\.\\./)+${other}(/|$)|(^|/)features/${other}(/|$)`,
            message: "Features never import each other.",
          })),
      },
    ],
  },
}));
const webSharedCode = {
  files: ["apps/web/app/components/**/*.{ts,tsx}", "apps/web/app/lib/**/*.{ts,tsx}"],
  // Tests may drive real features through a component (island.test.tsx loads the real islands). The header
  // still renders the search form from features/search (its owner moves it; until then named here).
  ignores: ["apps/web/app/**/*.test.{ts,tsx}", "apps/web/app/components/layout/header.tsx"],
  rules: {
    "no-restricted-imports": [
      "error",
      {
        patterns: [
          {
            regex: "(^|/)features(/|$)",
            message: "components/ and lib/ never import features/: a feature uses them, not the other way.",
          },
        ],
      },
    ],
  },
};
const web = [
  {
    files: ["apps/web/**/*.{ts,tsx}", "apps/office/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ["apps/web/app/**/*.{ts,tsx}"],
    ignores: ["apps/web/app/config/env.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[object.type='MetaProperty'][property.name='env']",
          message: "Read import.meta.env only in app/config/env.ts.",
        },
      ],
    },
  },
];

export default tseslint.config(ignores, ...base, sharedBoundaries, apiEnv, apiAdaptersOnlyFromMain, ...apiDomain, ...webFeatures, webSharedCode, ...web);
