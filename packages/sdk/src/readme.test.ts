import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');

describe('the README', () => {
  it('shows each example exactly as the file the test suite runs', () => {
    const examples = readdirSync(join(root, 'examples')).filter((name) => /^[a-zA-Z]+\.ts$/.test(name));
    expect(examples.length).toBeGreaterThanOrEqual(4);
    for (const name of examples) {
      const shown = readme.match(
        new RegExp(`<!-- example: examples/${name} -->\\n\\n\`\`\`ts\\n([\\s\\S]*?)\`\`\`\\n`),
      );
      expect(shown?.[1], `${name} in README.md`).toBe(readFileSync(join(root, 'examples', name), 'utf8'));
    }
  });
});
