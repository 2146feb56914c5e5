import type { TicketView } from '@atende/shared/tickets';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { exportChatPdf } from './export-chat-pdf.ts';
import { loadOlderMessages } from './load-older-messages.ts';
import { pdfCapacityPx } from '../media/pdf-pages.ts';

// 01-core §2 PDF export of the chat: the whole conversation (older pages load first, up to what
// the page limit can hold). Failures go to the console only (01-core §8).
export const useChatPdfExport = (ticket: TicketView | undefined) => {
  const queryClient = useQueryClient();
  const scrollerRef = useRef<HTMLDivElement | null>(null);
  const [exporting, setExporting] = useState(false);
  const exportPdf = async () => {
    const scroller = scrollerRef.current;
    if (!scroller || !ticket || exporting) return;
    setExporting(true);
    try {
      await loadOlderMessages(queryClient, ticket.id, () => scroller.scrollHeight >= pdfCapacityPx(scroller.clientWidth));
      await exportChatPdf(scroller, `ticket-${ticket.id}.pdf`);
    } catch (failure) {
      console.error(failure);
    } finally {
      setExporting(false);
    }
  };
  return { scrollerRef, exportPdf, exporting };
};
