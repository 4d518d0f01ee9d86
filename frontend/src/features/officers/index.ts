export { useMyRole } from '@/features/officers/api/use-my-role';
export { FailedSignInsNotice } from '@/features/officers/failed-sign-ins-notice';
export { MyOfficerName, MyOfficerNameProvider, useMyApproval, useMyOfficerName } from '@/features/officers/my-officer-name';
export { OfficerRole, useMay, useOfficerRole } from '@/features/officers/officer-role';
export { OfficersTab } from '@/features/officers/officers-tab';
