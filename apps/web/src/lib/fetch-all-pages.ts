// Every page of a paged list call, for the pickers that offer the whole list (the queue dialog's
// file lists and integrations); `pick` takes the records out of one page's answer.
export const fetchAllPages = async <P extends { hasMore: boolean }, R>(fetchPage: (pageNumber: number) => Promise<P>, pick: (page: P) => R[]) => {
  const records: R[] = [];
  for (let pageNumber = 1; ; pageNumber++) {
    const page = await fetchPage(pageNumber);
    records.push(...pick(page));
    if (!page.hasMore) return records;
  }
};
