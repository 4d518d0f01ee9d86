import type { Schemas } from '@/lib/api-types';

/**
 * Admin lists page on the server (`?page=&page_size=`); every page answers where it stands: the three
 * fields of bank.paging.PageOut, which the schema spells out in each page (the audit's here).
 */
export type PageAnswer = Pick<Schemas['AuditPageOut'], 'count' | 'page' | 'page_size'>;

/** React Query's getNextPageParam for these lists: the next page number, or undefined at the end. */
export function nextPageOf(last: PageAnswer): number | undefined {
  return last.page * last.page_size < last.count ? last.page + 1 : undefined;
}
