// The types of what eslint.config.js exports, for src/eslint-boundaries.test.ts.
import type { Linter } from 'eslint';

/** The features' boundaries: another feature only through its index.ts; lib and components import none. */
export function featureBoundaries(features: string[]): Linter.Config[];
/** import-x/no-cycle over src/, resolving `@/` through the given tsconfig.json. */
export function noCycles(tsconfig: string): Linter.Config;

declare const config: Linter.Config[];
export default config;
