import { describe, expect, it } from 'vitest';
import { documentCaption } from './provider.ts';

describe('a document sent to a channel (issue 35 point 10)', () => {
  it('goes by its own name, captioned only by a text that is not that name', () => {
    expect(documentCaption({ body: 'contrato.pdf', fileName: 'contrato.pdf' })).toBeUndefined();
    expect(documentCaption({ body: 'Segue o boleto', fileName: 'boleto.pdf' })).toBe('Segue o boleto');
    expect(documentCaption({ body: '', fileName: null })).toBeUndefined();
    // sent before the name was kept: the text is the caption
    expect(documentCaption({ body: 'Segue', fileName: undefined })).toBe('Segue');
  });
});
