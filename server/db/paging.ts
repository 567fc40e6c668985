/** Offset paging for short admin lists: the page (clamped to 1…pageCount) and the counts. */
export const pageOf = (page: number, pageSize: number, total: number) => {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  return { page: Math.min(Math.max(1, page), pageCount), pageCount, pageSize, total };
};
