import { constants as zlib } from 'node:zlib';

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

import { bootFrame } from './scripts/bootFrame';
import { compileHint } from './scripts/compileHint';
import { frameChunk } from './scripts/frameChunk';
import { meshoptDecoder } from './scripts/meshoptDecoder';
import { primeCss } from './scripts/primeCss';
import { shellPrecache } from './scripts/shellPrecache';

// The API server runs on 8080 (npm start) or API_PORT in development; /api is proxied to it.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 8080}`;
// The service worker precaches the shell only; the pages' chunks are cached when first fetched (src/sw.ts).
const shell = shellPrecache();

export default defineConfig({
  plugins: [
    react(),
    bootFrame(),
    primeCss(),
    meshoptDecoder(),
    // The main chunk compiled while it streams, off the main thread (before compression below).
    compileHint(),
    shell.plugin,
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      injectManifest: {
        // The shell: the HTML, the entry chunk and what it imports statically with their CSS (manifestTransform),
        // fonts (woff2 only: every supported browser takes it first), icons, the web manifest. Not the install
        // dialog's screenshots, nor the public viewer's page (docs/viewer.md), nor source maps.
        globPatterns: ['**/*.{js,css,html,png,svg,woff2,webmanifest}'],
        globIgnores: ['**/primeicons-*.svg', 'screenshots/**', 'viewer.html'],
        manifestTransforms: [shell.manifestTransform],
        // Files over the limit are silently left out of the precache: keep the limit above the shell's largest file.
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
      manifest: {
        id: '/',
        name: 'Visio3D — Back-office et analyse 3D/AR',
        short_name: 'Visio3D',
        description:
          "Back-office de Visio3D : clients, propositions vidéo, catalogue, utilisateurs et outil d'analyse 3D/AR.",
        lang: 'fr',
        dir: 'ltr',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        theme_color: '#4338ca',
        background_color: '#f8fafc',
        categories: ['business', 'productivity'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        screenshots: [
          {
            src: '/screenshots/dashboard-wide.png',
            sizes: '1280x800',
            type: 'image/png',
            form_factor: 'wide',
            label: "Outil d'analyse 3D/AR",
          },
          {
            src: '/screenshots/login-wide.png',
            sizes: '1280x800',
            type: 'image/png',
            form_factor: 'wide',
            label: 'Connexion',
          },
        ],
      },
      devOptions: { enabled: false },
    }),
    // Each text file also as .br and .gz, compressed once here at the highest levels and served as they
    // are (server/http/spa.ts, preCompressed): compressing on every request cost the server 17–47 ms of
    // CPU for the entry chunk alone, ~35 files on a first load, while the API answers it needs waited.
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      threshold: 1024,
      logLevel: 'silent',
    }),
  ],
  // Identifies a build (shown as <html data-build>): the update test checks that a new one took over.
  define: { __BUILD_ID__: JSON.stringify(process.env.BUILD_ID ?? new Date().toISOString()) },
  worker: { format: 'es' },
  server: { port: 5173, proxy: { '/api': { target: apiTarget, changeOrigin: false } } },
  build: {
    target: 'es2022',
    // Source maps of the app's own code (served, never cached by the service worker: src/sw.ts).
    sourcemap: true,
    // The public product viewer is its own page and bundle (docs/viewer.md).
    rollupOptions: {
      input: { main: 'index.html', viewer: 'viewer.html' },
      // The signed-in frame and the small modules its pages share in one chunk (scripts/frameChunk.ts).
      output: { codeSplitting: { groups: [frameChunk(import.meta.dirname)] } },
    },
  },
});
