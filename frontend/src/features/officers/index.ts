export { useMyCapabilities, useMyEnrolmentRequired, useMyRole } from '@/features/officers/api/use-my-role';
export { FailedSignInsNotice } from '@/features/officers/failed-sign-ins-notice';
export { MyOfficerName, MyOfficerNameProvider, useMyApproval, useMyOfficerName } from '@/features/officers/my-officer-name';
export { OfficerAccess, useMay, useOfficerRole, type Officer } from '@/features/officers/officer-role';
export { OfficersTab } from '@/features/officers/officers-tab';
