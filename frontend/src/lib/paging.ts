/** Admin lists page on the server (`?page=&page_size=`); every page answers where it stands. */
export interface PageAnswer {
  count: number;
  page: number;
  page_size: number;
}

/** React Query's getNextPageParam for these lists: the next page number, or undefined at the end. */
export function nextPageOf(last: PageAnswer): number | undefined {
  return last.page * last.page_size < last.count ? last.page + 1 : undefined;
}
