import type { TagRecordView, TagsPage } from '@atende/shared/tags';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { tagsQueryKeys } from './tags-api.ts';

type Pages = InfiniteData<TagsPage, number>;

const mapPages = (data: Pages | undefined, map: (tags: TagRecordView[], index: number) => TagRecordView[]) =>
  data && { ...data, pages: data.pages.map((page, index) => ({ ...page, tags: map(page.tags, index) })) };

// 02-operations §4: create or update upserts the tag (first when new), delete removes it; the
// pickers' lists are read again.
export const upsertTagInCache = (client: QueryClient, tag: TagRecordView) => {
  client.setQueriesData<Pages>({ queryKey: tagsQueryKeys.allPages }, (data) => {
    const listed = data?.pages.some((page) => page.tags.some((row) => row.id === tag.id));
    return mapPages(data, (tags, index) => {
      if (listed) return tags.map((row) => (row.id === tag.id ? tag : row));
      return index === 0 ? [tag, ...tags] : tags;
    });
  });
  void client.invalidateQueries({ queryKey: tagsQueryKeys.list });
  void client.invalidateQueries({ queryKey: tagsQueryKeys.one(tag.id) });
};

export const removeTagFromCache = (client: QueryClient, tagId: number) => {
  client.setQueriesData<Pages>({ queryKey: tagsQueryKeys.allPages }, (data) => mapPages(data, (tags) => tags.filter((row) => row.id !== tagId)));
  void client.invalidateQueries({ queryKey: tagsQueryKeys.list });
  client.removeQueries({ queryKey: tagsQueryKeys.one(tagId) });
};
