import { first } from '@/features/gamma/first';

export const second = () => first;
