export { useWaitingForMeCount } from '@/features/waiting/api/use-waiting';
export { WaitingForMeLine } from '@/features/waiting/waiting-for-me-line';
export { WaitingTab } from '@/features/waiting/waiting-tab';
