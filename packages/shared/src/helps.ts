// Help videos (03-saas §2 Helps tab and Help page, §3 Help, §7 helps calls).
import { z } from 'zod';
import { defineEndpoint } from './contract.ts';
import { boundedText, idParam, pageNumberQuery, searchParamQuery } from './validation.ts';

export const HELPS_PAGE_SIZE = 20;

// A YouTube video id; a pasted link (watch?v=, youtu.be/, embed/, shorts/) is read for its id.
const YOUTUBE_ID = /^[A-Za-z0-9_-]{6,20}$/;
const YOUTUBE_LINK = /(?:youtu\.be\/|[?&]v=|\/embed\/|\/shorts\/)([A-Za-z0-9_-]{6,20})/;
export const youtubeVideoId = (text: string) => {
  const trimmed = text.trim();
  return YOUTUBE_ID.test(trimmed) ? trimmed : (YOUTUBE_LINK.exec(trimmed)?.[1] ?? trimmed);
};
export const youtubeEmbedUrl = (video: string) => `https://www.youtube.com/embed/${encodeURIComponent(youtubeVideoId(video))}`;
export const youtubeThumbnailUrl = (video: string) => `https://img.youtube.com/vi/${encodeURIComponent(youtubeVideoId(video))}/0.jpg`;

const helpFields = {
  title: boundedText(1, 100),
  video: z
    .string({ error: 'validation.required' })
    .trim()
    .max(300, 'validation.tooLong')
    .transform(youtubeVideoId)
    .pipe(z.string().regex(YOUTUBE_ID, 'validation.invalidVideo')),
  description: z.string().trim().max(5000, 'validation.tooLong'),
};
export const helpBody = z.strictObject({ ...helpFields, description: helpFields.description.default('') });
export type HelpBody = z.input<typeof helpBody>;
export type HelpSaved = z.output<typeof helpBody>;
// an update that leaves a field out keeps the stored value
export const helpUpdateBody = z.strictObject(helpFields).partial();
export type HelpUpdateBody = z.output<typeof helpUpdateBody>;

export const helpsListQuery = z.strictObject({ searchParam: searchParamQuery, pageNumber: pageNumberQuery });
export type HelpsListQuery = z.infer<typeof helpsListQuery>;

export const helpView = z.object({ id: z.number().int(), title: z.string(), video: z.string(), description: z.string(), createdAt: z.string(), updatedAt: z.string() });
export type HelpView = z.infer<typeof helpView>;
export const helpsPage = z.object({ records: z.array(helpView), count: z.number().int(), hasMore: z.boolean() });
export type HelpsPage = z.infer<typeof helpsPage>;

const helpParams = z.strictObject({ id: idParam });

// 03-saas §7 helps calls
export const helpsEndpoints = {
  page: defineEndpoint({ method: 'GET', path: '/helps', query: helpsListQuery, response: helpsPage, operationId: 'listHelpsPage', summary: 'A page of help videos, searched by title' }),
  list: defineEndpoint({ method: 'GET', path: '/helps/list', response: z.array(helpView), operationId: 'listHelps', summary: 'Every help video' }),
  create: defineEndpoint({ method: 'POST', path: '/helps', body: helpBody, response: helpView, status: 201, operationId: 'createHelp', summary: 'Adds a help video (super admin)' }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/helps/:id',
    params: helpParams,
    body: helpUpdateBody,
    response: helpView,
    operationId: 'updateHelp',
    summary: 'Changes a help video (super admin)',
    errors: { 404: ['ERR_NOT_FOUND'] },
  }),
  remove: defineEndpoint({ method: 'DELETE', path: '/helps/:id', params: helpParams, response: null, status: 204, operationId: 'deleteHelp', summary: 'Removes a help video (super admin)', errors: { 404: ['ERR_NOT_FOUND'] } }),
};
