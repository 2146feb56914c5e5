import type { TicketView } from '@atende/shared/tickets';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { exportChatPdf } from './export-chat-pdf.ts';
import { loadOlderMessages } from './load-older-messages.ts';
import { pdfCapacityPx } from './pdf-pages.ts';

// 01-core §2 PDF export of the chat: the whole conversation (older pages load first, up to what
// the page limit can hold). Failures go to the console only (01-core §8).
export const useChatPdfExport = (ticket: TicketView | undefined) => {
  const queryClient = useQueryClient();
  const scrollerRef = useRef<HTMLDivElement | null>(null);
  const exportPdf = async () => {
    const scroller = scrollerRef.current;
    if (!scroller || !ticket) return;
    try {
      await loadOlderMessages(queryClient, ticket.id, () => scroller.scrollHeight >= pdfCapacityPx(scroller.clientWidth));
      await exportChatPdf(scroller, `ticket-${ticket.id}.pdf`);
    } catch (failure) {
      console.error(failure);
    }
  };
  return { scrollerRef, exportPdf };
};
