export { delta } from '@/features/delta/delta';
