import { describe, expect, it } from 'vitest';
import contract from '../../../../packages/contract/src/messages/en_US.json';
import own from './locales/en_US.json';
import { MESSAGE_PARTS, messagePart, SERVER_NAMESPACES } from './messageParts';

describe('the parts the console loads its messages in', () => {
  const all = { ...own, ...contract } as Record<string, unknown>;
  const parts = MESSAGE_PARTS.map((part) => Object.keys(messagePart(all, part)));

  it('puts every namespace the browser shows in exactly one part', () => {
    const shown = Object.keys(all).filter((namespace) => !SERVER_NAMESPACES.includes(namespace));
    expect(parts.flat().sort()).toEqual(shown.sort());
  });

  it('leaves the words only the server sends (email and SMS) out of every part', () => {
    expect(Object.keys(contract)).toContain('notices');
    for (const names of parts) expect(names).not.toContain('notices');
  });
});
