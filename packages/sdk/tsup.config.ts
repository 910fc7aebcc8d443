import { defineConfig } from 'tsup';

/**
 * The monorepo's build (`npm run build`, for the tests that run the examples) needs the module
 * only; `npm pack` also writes the bundled declarations (about 20 s of type checking).
 */
const withTypes = process.env.npm_lifecycle_event !== 'build';

/**
 * The package as it is published: one ES module and one declaration file, with the contract's call
 * references and types inlined (the contract is the monorepo's own, never published), so a user
 * installs this package and its two dependencies and nothing else.
 */
export default defineConfig({
  entry: ['src/index.ts'],
  tsconfig: 'tsconfig.build.json',
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  // The contract's types are inlined through tsconfig.build.json's paths; only zod's stay imported.
  dts: withTypes,
  noExternal: [/^@smartlock\/contract/],
  clean: true,
  sourcemap: true,
  treeshake: true,
});
