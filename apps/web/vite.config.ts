import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { messageParts } from './build/messageParts';
import { precompress } from './build/precompress';
import { preloadLogin } from './build/preloadLogin';

/** The console; `npm start` builds it into dist/, which the server serves on its own port. */
export default defineConfig({
  plugins: [react(), messageParts(), preloadLogin(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    sourcemap: false,
    // Which files each page needs (the JavaScript budget test reads it).
    manifest: true,
  },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/app-config.json': 'http://localhost:8080',
      '/brand': 'http://localhost:8080',
    },
  },
});
