import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** What is worth compressing: text the browser fetches, from 1 KiB up. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
const MIN_BYTES = 1024;

/**
 * Writes a brotli (quality 11) and a gzip (level 9) copy beside every compressible file of the
 * build, once, at build time: the server sends the smaller one the browser accepts and spends no
 * time compressing as it serves.
 */
export function precompress(): Plugin {
  return {
    name: 'smartlock-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir as string;
      const files = Object.keys(bundle).filter((file) => COMPRESSIBLE.test(file) && !file.startsWith('.vite/'));
      await Promise.all(
        files.map(async (file) => {
          const data = await readFile(join(dir, file));
          if (data.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(data, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
            gzipped(data, { level: 9 }),
          ]);
          await Promise.all([writeFile(join(dir, `${file}.br`), br), writeFile(join(dir, `${file}.gz`), gz)]);
        }),
      );
    },
  };
}
