export { SecurityScreen } from '@/features/security/security-screen';
export { StepUpDialog } from '@/features/security/step-up-dialog';
