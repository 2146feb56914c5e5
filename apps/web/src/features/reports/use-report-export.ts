import { EXPORT_FILE_NAME } from '@atende/shared/reports';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { saveFile } from '../../lib/save-file.ts';
import { reportsApi, type ReportFilter } from './reports-api.ts';

export type ExportProgress = { total: number; bytes: number };

// 03-saas §7 export: the server writes the spreadsheet for the report's filters as a stream;
// the screen shows how much has arrived, then saves relatorio-de-atendimentos.xlsx.
export const useReportExport = () => {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const mutation = useMutation({
    mutationFn: async (filter: ReportFilter) => {
      const response = await reportsApi.exportFile(filter);
      const total = Number(response.headers.get('x-total-count') ?? 0);
      const chunks: Uint8Array<ArrayBuffer>[] = [];
      let bytes = 0;
      setProgress({ total, bytes });
      const reader = response.body?.getReader();
      for (let part = await reader?.read(); part && !part.done; part = await reader?.read()) {
        chunks.push(part.value);
        bytes += part.value.byteLength;
        setProgress({ total, bytes });
      }
      saveFile(new Blob(chunks, { type: response.headers.get('content-type') ?? 'application/octet-stream' }), EXPORT_FILE_NAME);
    },
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress };
};
