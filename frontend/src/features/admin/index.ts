export { AdminPanel } from '@/features/admin/admin-panel';
