import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Served under /app/ so its files never collide with the marketing site's on the same origin.
export default defineConfig({
  base: '/app/',
  plugins: [react()],
  define: {
    // The support address shown to learners; the build reads it from the environment.
    __SUPPORT_EMAIL__: JSON.stringify(process.env.SUPPORT_EMAIL ?? ''),
  },
  build: { outDir: 'dist', sourcemap: false, target: 'es2022' },
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
} as Parameters<typeof defineConfig>[0]);
