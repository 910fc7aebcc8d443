import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The console; `npm start` builds it into dist/, which the server serves on its own port. */
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    sourcemap: false,
  },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/app-config.json': 'http://localhost:8080',
      '/brand': 'http://localhost:8080',
    },
  },
});
