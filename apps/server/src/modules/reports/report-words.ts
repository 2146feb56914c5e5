// The export's words in the language of the user who asks for it (issue 35 point 12): the web
// sends its interface language as Accept-Language; Portuguese is the default, as in the web.
import type { TicketStatus } from '@atende/shared/tickets';

export const reportLanguages = ['pt', 'en', 'es', 'tr'] as const;
export type ReportLanguage = (typeof reportLanguages)[number];

// sla: the export's SLA sheet (issue 40 point 3): its columns, and the names of its rows' groups
type SlaWords = { columns: readonly string[]; total: string; queue: string; attendant: string; none: string };
type ReportWords = { columns: readonly string[]; statuses: Record<TicketStatus, string>; sla: SlaWords };

// 03-saas §7: the thirteen columns in their order; the Portuguese ones are the family's.
export const reportWords: Record<ReportLanguage, ReportWords> = {
  pt: {
    columns: ['ID', 'Conexão', 'Contato', 'Usuário', 'Fila', 'Status', 'Última Mensagem', 'Data Abertura', 'Hora Abertura', 'Data Fechamento', 'Hora Fechamento', 'Tempo de Atendimento', 'NPS'],
    statuses: { pending: 'Aguardando', open: 'Em atendimento', closed: 'Resolvido', group: 'Grupo', lgpd: 'LGPD', nps: 'Avaliação' },
    sla: { columns: ['Grupo', 'Nome', 'Metas', 'Cumpridas no prazo', 'Violadas', 'Taxa de cumprimento (%)'], total: 'Total', queue: 'Fila', attendant: 'Atendente', none: 'Nenhum' },
  },
  en: {
    columns: ['ID', 'Connection', 'Contact', 'User', 'Queue', 'Status', 'Last Message', 'Opening Date', 'Opening Time', 'Closing Date', 'Closing Time', 'Support Time', 'NPS'],
    statuses: { pending: 'Pending', open: 'Open', closed: 'Resolved', group: 'Group', lgpd: 'LGPD', nps: 'Rating' },
    sla: { columns: ['Group', 'Name', 'Targets', 'Met in time', 'Breached', 'Hit rate (%)'], total: 'Total', queue: 'Queue', attendant: 'Attendant', none: 'None' },
  },
  es: {
    columns: ['ID', 'Conexión', 'Contacto', 'Usuario', 'Cola', 'Estado', 'Último Mensaje', 'Fecha de Apertura', 'Hora de Apertura', 'Fecha de Cierre', 'Hora de Cierre', 'Tiempo de Atención', 'NPS'],
    statuses: { pending: 'Esperando', open: 'En atención', closed: 'Resuelto', group: 'Grupo', lgpd: 'LGPD', nps: 'Evaluación' },
    sla: { columns: ['Grupo', 'Nombre', 'Metas', 'Cumplidas a tiempo', 'Incumplidas', 'Tasa de cumplimiento (%)'], total: 'Total', queue: 'Cola', attendant: 'Agente', none: 'Ninguno' },
  },
  tr: {
    columns: ['ID', 'Bağlantı', 'Kişi', 'Kullanıcı', 'Kuyruk', 'Durum', 'Son Mesaj', 'Açılış Tarihi', 'Açılış Saati', 'Kapanış Tarihi', 'Kapanış Saati', 'Hizmet Süresi', 'NPS'],
    statuses: { pending: 'Bekleyen', open: 'Açık', closed: 'Çözüldü', group: 'Grup', lgpd: 'LGPD', nps: 'Değerlendirme' },
    sla: { columns: ['Grup', 'Ad', 'Hedefler', 'Zamanında karşılanan', 'İhlal edilen', 'Karşılama oranı (%)'], total: 'Toplam', queue: 'Kuyruk', attendant: 'Temsilci', none: 'Yok' },
  },
};

// The first language of an Accept-Language header the export speaks ("en-US,en;q=0.9" is en).
export const reportLanguageOf = (acceptLanguage: string | undefined): ReportLanguage => {
  const tags = (acceptLanguage ?? '').split(',').map((part) => part.split(';')[0].trim().slice(0, 2).toLowerCase());
  return tags.find((tag): tag is ReportLanguage => (reportLanguages as readonly string[]).includes(tag)) ?? 'pt';
};
