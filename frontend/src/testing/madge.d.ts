// The part of madge's API that src/eslint-boundaries.test.ts uses (its @types package brings Node's
// timers into every file's types, where the browser's belong).
declare module 'madge' {
  interface MadgeResult {
    circular(): string[][];
  }
  export default function madge(path: string, config?: { fileExtensions?: string[] }): Promise<MadgeResult>;
}
