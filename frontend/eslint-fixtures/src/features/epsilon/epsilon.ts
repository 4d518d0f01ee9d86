import { delta } from '@/features/delta';

export const epsilon = () => delta;
