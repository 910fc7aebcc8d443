import { copyFileSync, mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { company, localesFor, SupportLocaleType } from '@smartlock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverRoot } from '../../paths';
import { startTestServer, type TestServer } from '../../test/harness';
import { WATCH_INTERVAL_MS } from '../../watchedFile';
import { BrandRegistry } from './brands';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('company-info look-up', () => {
  it('serves the default brand for an unknown host', async () => {
    const reply = await server.client().call(company.getCompanyInfo, { domainName: 'unknown.example.org' });
    expect(reply.body.data).toMatchObject({
      name: 'SmartLock Cloud',
      packageName: 'com.smartlock.console',
      color: '#1677ff',
      hasPaidFeature: true,
      accountType: 0,
      supportLocaleType: 0,
      isUpdated: false,
      passcodeMinLength: 6,
      terms: {},
    });
  });

  it('serves a second brand by host name, with its terms in the caller language', async () => {
    const reply = await server.client('de_DE').call(company.getCompanyInfo, { domainName: 'harbor.localhost:8080' });
    expect(reply.body.data).toMatchObject({
      name: 'Harbor Stays',
      color: '#0f766e',
      isUpdated: true,
      supportLocaleType: SupportLocaleType.noChinese,
      passcodeMinLength: 4,
      terms: { users: 'Gäste', pinCodes: 'Türcodes', credentials: 'Zimmerzugang', history: 'Aktivität' },
    });
    const wildcard = await server.client().call(company.getCompanyInfo, { domainName: 'Front.HarborStays.example' });
    expect(wildcard.body.data?.name).toBe('Harbor Stays');
  });

  it("serves the brand's minimum passcode length", async () => {
    const reply = await server.client().call(company.getPasscodeMinLength, { domainName: 'harbor.localhost' });
    expect(reply.body.data).toEqual({ passcodeMinLength: 4 });
  });

  it('requires a domain name', async () => {
    const reply = await server.client().callRaw(company.getCompanyInfo, {});
    expect(reply.status).toBe(400);
  });
});

describe('brands file', () => {
  it('picks up an operator edit without a restart', () => {
    const dir = mkdtempSync(join(tmpdir(), 'brands-'));
    const file = join(dir, 'brands.json');
    copyFileSync(join(serverRoot(), 'brands.json'), file);
    // The registry's clock moves by hand: no waiting for the file to be checked again.
    let now = Date.now();
    const registry = new BrandRegistry(file, { now: () => now });
    expect(registry.byHost('x').name).toBe('SmartLock Cloud');
    const edited = JSON.parse(readFileSync(file, 'utf8'));
    edited.default.name = 'Renamed Cloud';
    writeFileSync(file, JSON.stringify(edited));
    // A modification time of its own, whatever the file system's timestamp resolution.
    const { mtime } = statSync(file);
    utimesSync(file, mtime, new Date(mtime.getTime() + 60_000));
    // Checked at most every two seconds: not yet...
    expect(registry.byHost('x').name).toBe('SmartLock Cloud');
    now += WATCH_INTERVAL_MS;
    // ...and then the edit is served.
    expect(registry.byHost('x').name).toBe('Renamed Cloud');
  });

  it('refuses an invalid file at start with the field named', () => {
    const dir = mkdtempSync(join(tmpdir(), 'brands-'));
    const file = join(dir, 'brands.json');
    writeFileSync(file, JSON.stringify({ default: { name: 'x', packageName: 'p', color: 'blue' } }));
    expect(() => new BrandRegistry(file)).toThrow(/default\.color/);
  });

  it('limits a brand to the languages of its support-locale type', () => {
    const registry = new BrandRegistry(join(serverRoot(), 'brands.json'));
    expect(registry.byHost('harbor.localhost').locales).toEqual(localesFor(SupportLocaleType.noChinese));
  });
});
