import type { Plugin } from 'vite';

/** The screen most first visits open: / and /login. */
const FIRST_SCREEN = /\/features\/auth\/LoginPage\.tsx$/;

/**
 * Adds `<link rel="modulepreload">` for the login screen's code to the page, so a first visit
 * fetches it side by side with the entry instead of after the entry has run and the router has
 * matched the route (one round trip and a script's run saved on a slow network). Other screens
 * pay a few kilobytes they may need anyway: every session starts at the login screen.
 */
export function preloadLogin(): Plugin {
  return {
    name: 'smartlock-preload-login',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const bundle = context.bundle;
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const entry = chunks.find((chunk) => chunk.isEntry);
        const login = chunks.find((chunk) => chunk.facadeModuleId && FIRST_SCREEN.test(chunk.facadeModuleId));
        if (!entry || !login) throw new Error('preloadLogin: no entry or no login chunk in the build');
        const loaded = new Set<string>([entry.fileName]);
        const walk = (file: string, into: Set<string>) => {
          if (into.has(file)) return;
          into.add(file);
          const chunk = chunks.find((c) => c.fileName === file);
          for (const imported of chunk?.imports ?? []) walk(imported, into);
        };
        for (const imported of entry.imports) walk(imported, loaded);
        const wanted = new Set<string>();
        walk(login.fileName, wanted);
        return [...wanted]
          .filter((file) => !loaded.has(file))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: '', href: `/${file}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}
