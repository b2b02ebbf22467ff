import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { pureAxiosFetchAdapter } from './scripts/axios-fetch-probe.ts';
import { lazyPixiBatcherShader } from './scripts/pixi-batcher-shader.ts';
import { lazyPixiCanvasProbe } from './scripts/pixi-canvas-probe.ts';
import { pixiReactPriorities } from './scripts/pixi-react-priorities.ts';
import { GAME_CODE_CHUNKS } from './scripts/game-code-chunk.ts';
import { PIXI_CHUNKS } from './scripts/pixi-engine-chunk.ts';
import { lazyPixiSegmenter } from './scripts/pixi-text-segmenter.ts';
import { reactErrorSentinels } from './scripts/react-error-sentinels.ts';
import { lazyLanguageDetectorCookieProbe } from './scripts/language-detector-cookie-probe.ts';
import { compileHints } from './scripts/compile-hints.ts';
import { prerenderPages } from './scripts/prerender.ts';
import { APP_ICONS, NOTIFICATION_BADGE, renderAppIcon, renderNotificationBadge } from './scripts/app-icons.ts';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/**
 * Writes /meta.json with a version that changes with every build whose output differs, so the
 * version watcher in the browser can tell a stale tab from a fresh one.
 */
function buildMeta(): Plugin {
  return {
    name: 'cricspot-build-meta',
    apply: 'build',
    generateBundle(_options, bundle) {
      const hash = createHash('sha256');
      for (const name of Object.keys(bundle).sort()) hash.update(name);
      const version = `${pkg.version}+${hash.digest('hex').slice(0, 12)}`;
      this.emitFile({
        type: 'asset',
        fileName: 'meta.json',
        source: JSON.stringify({ version, builtAt: new Date().toISOString() }),
      });
    },
  };
}

/**
 * After the build, the public pages rendered to HTML in English and Hindi (scripts/prerender.ts);
 * the server compresses them on the fly with the other HTML answers (server/app.ts).
 */
function prerender(): Plugin {
  let outDir = 'dist';
  let mode = 'production';
  let ssr = false;
  return {
    name: 'cricspot-prerender',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      mode = config.mode;
      ssr = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (!ssr) await prerenderPages(outDir, mode);
    },
  };
}

/**
 * React Router's production build in the browser's build: its package names only its development
 * build (remix-run/react-router#12532, #14102), whose only difference is ENABLE_DEV_WARNINGS, so
 * production ran its development warnings (route checks on every render of <Routes>) and shipped
 * their texts. The dev server and the tests keep the development build and its warnings.
 */
function reactRouterProductionBuild(): Plugin {
  const production = path.resolve(import.meta.dirname, 'node_modules/react-router/dist/production');
  const builds = new Map([
    ['react-router', path.join(production, 'index.mjs')],
    ['react-router/dom', path.join(production, 'dom-export.mjs')],
  ]);
  return {
    name: 'cricspot-react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      return builds.get(source) ?? null;
    },
  };
}

/** The site's icons (scripts/app-icons.ts): written by the build, answered by the dev server. */
function appIcons(): Plugin {
  const render = new Map<string, () => Promise<Buffer>>([
    ...APP_ICONS.map((icon) => [icon.fileName, () => renderAppIcon(icon.size, icon.fullBleed)] as const),
    [NOTIFICATION_BADGE.fileName, renderNotificationBadge],
  ]);
  return {
    name: 'cricspot-app-icons',
    async generateBundle() {
      for (const [fileName, draw] of render) this.emitFile({ type: 'asset', fileName, source: await draw() });
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const draw = render.get(request.url?.split('?')[0]?.slice(1) ?? '');
        if (!draw) return next();
        draw().then(
          (png) => {
            response.setHeader('content-type', 'image/png');
            response.end(png);
          },
          (error: unknown) => next(error),
        );
      });
    },
  };
}

const apiTarget = `http://localhost:${process.env.PORT ?? '3000'}`;

export default defineConfig({
  plugins: [
    react(),
    // Pixi's 2D-canvas probe asked on first use, not when the stage's chunk is evaluated (issue 29).
    lazyPixiCanvasProbe(),
    // Pixi's text metrics make their Intl.Segmenter on first use, not at evaluation (issue 29).
    lazyPixiSegmenter(),
    // Pixi's batch shader made on first use: the Canvas renderer never uses it (issue 29).
    lazyPixiBatcherShader(),
    // @pixi/react's root takes a tap's marks in the tap's task, drawn in its next frame (issue 29).
    pixiReactPriorities(),
    // axios's fetch adapter not made (its support tests) as its module is evaluated: the site sends by XHR (issue 29).
    pureAxiosFetchAdapter(),
    // React DOM's and the reconciler's markers made without a stack trace, which an inspector makes costly (issue 29).
    reactErrorSentinels(),
    // i18next's language detector tests the cookie when first asked, not as the entry is evaluated (issue 29).
    lazyLanguageDetectorCookieProbe(),
    reactRouterProductionBuild(),
    // Every chunk's functions compiled as it loads, off the main thread (V8's compile hint, issue 29).
    compileHints(),
    buildMeta(),
    appIcons(),
    prerender(),
    // A .br (brotli, best) and a .gz (gzip, best) beside every text file of the build and of public/
    // over 1 KB: the server sends them as they are (@fastify/static preCompressed, static-site.ts).
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, logLevel: 'silent' }),
  ],
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 800,
    // Everything the entry imports statically (React, the router, i18next, the shell) in one chunk:
    // every page loads all of it anyway, and one file costs fewer headers and compresses better
    // than a dozen (issue 29). The same for the Pixi the stage's engine evaluates first
    // (scripts/pixi-engine-chunk.ts) and for the game screens' own code (scripts/game-code-chunk.ts).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'app', tags: ['$initial'] }, ...PIXI_CHUNKS, ...GAME_CODE_CHUNKS],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/meta.json': apiTarget,
      '/healthz': apiTarget,
      '/readyz': apiTarget,
      '/locales/add': apiTarget,
    },
  },
});
