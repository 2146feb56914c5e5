// The export's column headers in the language of the admin who asks for it (the web sends its
// interface language as Accept-Language, as for the tickets report).
import type { ReportLanguage } from '../reports/report-words.ts';

export const auditExportColumns: Record<ReportLanguage, readonly string[]> = {
  pt: ['Data', 'Empresa', 'Autor', 'Endereço', 'Navegador', 'Ação', 'Entidade', 'ID', 'Antes', 'Depois'],
  en: ['Date', 'Company', 'Actor', 'Address', 'Browser', 'Action', 'Entity', 'ID', 'Before', 'After'],
  es: ['Fecha', 'Empresa', 'Autor', 'Dirección', 'Navegador', 'Acción', 'Entidad', 'ID', 'Antes', 'Después'],
  tr: ['Tarih', 'Şirket', 'Yapan', 'Adres', 'Tarayıcı', 'İşlem', 'Varlık', 'ID', 'Önce', 'Sonra'],
};

export const AUDIT_EXPORT_SHEET_NAME = 'AuditLog';
