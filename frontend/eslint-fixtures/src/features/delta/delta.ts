// a violation: delta uses epsilon, which uses delta, each through the other's index.ts
import { epsilon } from '@/features/epsilon';

export const delta = () => epsilon;
