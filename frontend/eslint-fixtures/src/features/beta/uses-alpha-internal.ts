// a violation: another feature's internal file
import { alphaSecret } from '@/features/alpha/alpha-secret';

export const betaSecret = alphaSecret;
