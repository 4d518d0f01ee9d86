export { BooksCheckNotice } from '@/features/jobs/books-check';
export { DailyJobs } from '@/features/jobs/daily-jobs';
