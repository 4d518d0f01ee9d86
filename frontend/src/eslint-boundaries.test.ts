// @vitest-environment node
import { ESLint } from 'eslint';
import madge from 'madge';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { featureBoundaries, noCycles } from '../eslint.config.js';

// The features' lint rules (eslint.config.js) on deliberate violations kept in eslint-fixtures/,
// which the project's own lint ignores: each rule must fail where it should, and only there.
const FIXTURES = decodeURIComponent(new URL('../eslint-fixtures/', import.meta.url).pathname);

const eslint = new ESLint({
  cwd: FIXTURES,
  overrideConfigFile: true,
  overrideConfig: [
    { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
    ...featureBoundaries(['alpha', 'beta', 'gamma', 'delta', 'epsilon']),
    noCycles(`${FIXTURES}tsconfig.json`),
  ],
});

/** What linting one fixture reports: each problem's rule and line. */
async function problems(file: string): Promise<{ ruleId: string | null; line: number }[]> {
  const results = await eslint.lintFiles([`src/features/${file}`]);
  return results.flatMap((result) => result.messages.map(({ ruleId, line }) => ({ ruleId, line })));
}

describe("the features' lint rules", () => {
  it("fail on a feature importing another feature's internal file", async () => {
    expect(await problems('beta/uses-alpha-internal.ts')).toEqual([{ ruleId: 'no-restricted-imports', line: 2 }]);
  });

  it('pass a feature importing another through its index.ts, and a feature importing its own files', async () => {
    expect(await problems('beta/uses-alpha-index.ts')).toEqual([]);
    expect(await problems('alpha/index.ts')).toEqual([]);
  });

  it('fail on a cycle of two files', async () => {
    expect(await problems('gamma/first.ts')).toEqual([{ ruleId: 'import-x/no-cycle', line: 2 }]);
    expect(await problems('gamma/second.ts')).toEqual([{ ruleId: 'import-x/no-cycle', line: 1 }]);
  });

  it('fail on two features that use each other, each through the other’s index.ts', async () => {
    expect(await problems('delta/delta.ts')).toEqual([{ ruleId: 'import-x/no-cycle', line: 2 }]);
  });

  it('miss a cycle through types only, which madge finds (npm run lint runs it on src/)', async () => {
    expect(await problems('zeta/card.ts')).toEqual([]);
    const graph = await madge(`${FIXTURES}src/features/zeta`, { fileExtensions: ['ts'] });
    expect(graph.circular()).toEqual([['card.ts', 'queue.ts']]);
  });
});
