import js from "@eslint/js";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/",
      "node_modules/",
      ".react-router/",
      "data/",
      "test-results/",
      "playwright-report/",
      "**/*.tmp.*",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
    },
    settings: { react: { version: "19" } },
    plugins: { react, "react-hooks": reactHooks },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs["jsx-runtime"].rules,
      ...reactHooks.configs.recommended.rules,
      "react/prop-types": "off",
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": ["error", { allow: ["info", "warn", "error"] }],
    },
  },
  {
    // A request body is read in one place, which answers a body it cannot read with a 400.
    files: ["app/routes/**/*.{ts,tsx}", "server/**/*.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.object.name='request'][callee.property.name='formData']",
          message:
            "Read a page's form with readForm() from app/services/session/read-form.server.ts.",
        },
        {
          selector:
            "CallExpression[callee.object.property.name='req'][callee.property.name='json']",
          message: "Read a JSON body with readJsonBody() from server/api/v1/body.ts.",
        },
      ],
    },
  },
);
