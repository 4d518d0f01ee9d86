// clean: another feature through its index.ts
import { alphaName } from '@/features/alpha';

export const betaName = `beta after ${alphaName}`;
