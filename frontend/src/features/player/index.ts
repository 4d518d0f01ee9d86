export { PlayerDashboard } from '@/features/player/player-dashboard';
