// A cycle through types only: ESLint's import-x/no-cycle ignores it; madge (npm run lint) does not.
import type { Queue } from './queue';

export type Card = { queue?: Queue };
