import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { MESSAGE_PARTS, type MessagePart, messagePart } from '../src/i18n/messageParts';

const CONSOLE_CATALOGUES = join(import.meta.dirname, '..', 'src', 'i18n', 'locales');
const CONTRACT_CATALOGUES = join(import.meta.dirname, '..', '..', '..', 'packages', 'contract', 'src', 'messages');
const LOADERS = 'virtual:message-loaders';
const PART = /^virtual:messages\/([a-z]{2}_[A-Z]{2})\/(public|screens|console)$/;

async function readJson(file: string): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
}

/**
 * Serves the console's messages by language and part (src/i18n/messageParts.ts):
 * `virtual:message-loaders` maps each language to a loader of each part, and
 * `virtual:messages/<locale>/<part>` is that part of the console's catalogue merged with the
 * contract's messages, each its own chunk.
 */
export function messageParts(): Plugin {
  return {
    name: 'smartlock-message-parts',
    resolveId(id) {
      if (id === LOADERS || PART.test(id)) return `\0${id}`;
      return null;
    },
    async load(id) {
      if (!id.startsWith('\0virtual:')) return null;
      const name = id.slice(1);
      if (name === LOADERS) {
        const locales = (await readdir(CONSOLE_CATALOGUES))
          .filter((file) => file.endsWith('.json'))
          .map((file) => file.replace(/\.json$/, ''));
        const entries = locales.map(
          (locale) =>
            `${JSON.stringify(locale)}: { ${MESSAGE_PARTS.map((part) => `${part}: () => import('virtual:messages/${locale}/${part}')`).join(', ')} }`,
        );
        return `export default {\n${entries.join(',\n')}\n};`;
      }
      const match = PART.exec(name);
      if (!match) return null;
      const [, locale, part] = match as unknown as [string, string, MessagePart];
      const [own, shared] = await Promise.all([
        readJson(join(CONSOLE_CATALOGUES, `${locale}.json`)),
        readJson(join(CONTRACT_CATALOGUES, `${locale}.json`)),
      ]);
      this.addWatchFile(join(CONSOLE_CATALOGUES, `${locale}.json`));
      this.addWatchFile(join(CONTRACT_CATALOGUES, `${locale}.json`));
      return `export default ${JSON.stringify(messagePart({ ...own, ...shared }, part))};`;
    },
  };
}
