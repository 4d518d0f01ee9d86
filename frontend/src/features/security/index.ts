export { SecurityScreen } from '@/features/security/security-screen';
