import type { MessageView } from '@atende/shared/messages';

const FILE_NAME = /^[^\n/\\]{1,255}\.[\p{L}\p{N}]{1,10}$/u;

const storedName = (mediaUrl: string) => {
  const last = mediaUrl.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
};

// A document's name (issue 35 point 10): the text of a document without a caption is its file
// name, as WhatsApp delivers one and as the product stores one it sends; a document with a
// caption shows the stored file's name.
export const documentName = (message: Pick<MessageView, 'body' | 'mediaUrl'>) => {
  const text = message.body.trim();
  return FILE_NAME.test(text) ? text : storedName(message.mediaUrl ?? '');
};
