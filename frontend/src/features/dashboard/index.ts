export { OverviewTab } from '@/features/dashboard/overview-tab';
