// The web chat widget's own bundle (src/widget): one classic script, dist/widget/widget.js, that
// other websites load; the server answers it at /widget.js. Built after the app (whose build
// empties dist), and its size checked by scripts/widget-size.mjs.
import { defineConfig } from 'vite';

export default defineConfig({
  build: {
    outDir: 'dist/widget',
    emptyOutDir: true,
    lib: { entry: 'src/widget/widget.ts', formats: ['iife'], name: 'AtendeWebchat', fileName: () => 'widget.js' },
  },
});
