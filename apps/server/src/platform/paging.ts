// Page searches take { currentPage, pageSize } and answer { voList, total, currentPage, pageSize }
// (ARCHITECTURE.md). One place computes the offset and shapes the answer.
import type { PageResult } from '@openseller/core';

export interface PageRequest {
  currentPage: number;
  pageSize: number;
}

/** OFFSET of a page: the rows of the pages before it. */
export function pageOffset(page: PageRequest): number {
  return (page.currentPage - 1) * page.pageSize;
}

/** LIMIT and OFFSET of a page. */
export function pageWindow(page: PageRequest): { limit: number; offset: number } {
  return { limit: page.pageSize, offset: pageOffset(page) };
}

/** The answer of a page search. */
export function pageAnswer<T>(voList: T[], total: number, page: PageRequest): PageResult<T> {
  return { voList, total, currentPage: page.currentPage, pageSize: page.pageSize };
}
