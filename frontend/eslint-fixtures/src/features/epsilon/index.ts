export { epsilon } from '@/features/epsilon/epsilon';
