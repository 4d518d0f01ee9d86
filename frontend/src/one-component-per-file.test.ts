// @vitest-environment node
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// One React component per file, named after it (docs/architecture.md). A component here is
// a top-level function, or a const holding one (an arrow, memo(...)), whose name starts with a capital
// letter and which renders JSX. Helpers that are not components (formatters, constants, hooks) may
// share a component's file.

const SRC = decodeURIComponent(new URL('.', import.meta.url).pathname);

function rendersJsx(node: ts.Node): boolean {
  if (ts.isJsxElement(node) || ts.isJsxSelfClosingElement(node) || ts.isJsxFragment(node)) return true;
  return ts.forEachChild(node, rendersJsx) ?? false;
}

const isComponentName = (name: string) => /^[A-Z]/.test(name);

/** The names of the components a module's source defines at its top level. */
function componentsIn(source: string): string[] {
  const file = ts.createSourceFile('module.tsx', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const names: string[] = [];
  for (const statement of file.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name && isComponentName(statement.name.text) && rendersJsx(statement)) {
      names.push(statement.name.text);
    }
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name) && isComponentName(declaration.name.text) && declaration.initializer && rendersJsx(declaration.initializer)) {
          names.push(declaration.name.text);
        }
      }
    }
  }
  return names;
}

describe('one component per file', () => {
  it('counts the components a module defines, not its helpers', () => {
    const source = `
      import { memo } from 'react';
      const LABELS = { a: 'A' };
      function label(key: 'a') { return <b>{LABELS[key]}</b>; }
      export function formatThing(value: number) { return String(value); }
      function Row({ text }: { text: string }) { return <li>{text}</li>; }
      const Badge = ({ text }: { text: string }) => <span>{text}</span>;
      const Memoised = memo(function Memoised() { return <>{label('a')}</>; });
      export function List() { return <ul><Row text="x" /><Badge text="y" /><Memoised /></ul>; }
    `;
    expect(componentsIn(source)).toEqual(['Row', 'Badge', 'Memoised', 'List']);
  });

  it('holds in every .tsx file of src', () => {
    const files = ts.sys.readDirectory(SRC, ['.tsx'], undefined, ['**/*']).filter((path) => !path.endsWith('.test.tsx'));
    expect(files.length).toBeGreaterThan(100);
    const crowded: Record<string, string[]> = {};
    for (const path of files) {
      const relative = path.slice(SRC.length);
      const names = componentsIn(ts.sys.readFile(path) ?? '');
      if (names.length > 1) crowded[relative] = names;
    }
    expect(crowded).toEqual({});
  });
});
