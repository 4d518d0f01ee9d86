// a violation: first imports second, which imports first
import { second } from '@/features/gamma/second';

export const first = () => second;
