export { auditKeys } from '@/features/audit/api/keys';
export { AuditTab } from '@/features/audit/audit-tab';
export { PlayerAuditList } from '@/features/audit/player-audit-list';
