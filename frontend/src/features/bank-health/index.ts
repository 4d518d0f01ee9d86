export { ArrearsBuckets } from '@/features/bank-health/arrears-buckets';
export { ArrearsTab } from '@/features/bank-health/arrears-tab';
export { BankHealthTab } from '@/features/bank-health/bank-health-tab';
