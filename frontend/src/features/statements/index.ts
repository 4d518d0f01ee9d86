export { useDownloadStatement } from '@/features/statements/api/download-statement';
