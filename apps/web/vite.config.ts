import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

const apiTarget = 'http://127.0.0.1:8080';

// API prefixes served by apps/server on the same origin in production.
const apiPrefixes = [
  'auth',
  'public-settings',
  'version',
  'users',
  'queue',
  'whatsapp',
  'companySettings',
  'companySettingOne',
  'settings',
  'setting',
  'settings-whitelabel',
  'public',
  'tickets',
  'tickets-log',
  'ticket-notes',
  'ticket-tags',
  'messages',
  'message',
  'messages-allMe',
  'contacts',
  'contactTags',
  'tags',
  'announcements',
  'chats',
  'dashboard',
  'ticketreport',
  'companies',
  'plans',
  'helps',
  'invoices',
];

// Some API prefixes are also SPA routes (/users, /contacts…): a browser navigation asks for
// HTML and must get index.html, not the API's JSON.
const bypassHtml: ProxyOptions['bypass'] = (req) =>
  req.headers.accept?.includes('text/html') ? '/index.html' : undefined;

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, manifest: true },
  server: {
    proxy: {
      [`^/(${apiPrefixes.join('|')})(/|$|\\?)`]: { target: apiTarget, changeOrigin: true, bypass: bypassHtml },
      '/socket.io': { target: apiTarget, ws: true, changeOrigin: true },
    },
  },
});
