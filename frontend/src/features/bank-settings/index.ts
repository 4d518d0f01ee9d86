export { useBankSettings } from '@/features/bank-settings/api/use-bank-settings';
export { BankSettingsTab } from '@/features/bank-settings/bank-settings-tab';
