// Cainiao LINK's data_digest against the known answer of shared/CONNECTORS.md §0 (self-computed
// from the documented formula, Base64 of the raw MD5 bytes), for the client and for the fake, and
// the client against the fake: a wrong secret or provider is refused, a timeout is a TIMEOUT.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinkClient, linkDigest } from './cainiao-link.client.js';
import { fakeLinkDigest, startCainiaoLinkFake, type CainiaoLinkFake } from './cainiao.fake.js';

let fake: CainiaoLinkFake;
beforeAll(async () => {
  fake = await startCainiaoLinkFake();
});
afterAll(async () => {
  await fake.close();
});

describe('Cainiao LINK data_digest', () => {
  it('is Base64 of the raw MD5 of content + secret (known answer)', () => {
    expect(linkDigest('<request><x>1</x></request>', 'lsecret')).toBe('70bBRdkbBYJAiwWHQqkaHQ==');
    expect(fakeLinkDigest('<request><x>1</x></request>', 'lsecret')).toBe('70bBRdkbBYJAiwWHQqkaHQ==');
  });

  it('digests UTF-8 bytes, so Chinese content signs as Cainiao reads it', () => {
    const content = JSON.stringify({ sender: { name: '王仓库' } });
    expect(linkDigest(content, 'lsecret')).toBe(fakeLinkDigest(content, 'lsecret'));
    expect(linkDigest(content, 'lsecret')).not.toBe(linkDigest(content, 'lsecreT'));
  });
});

describe('the LINK client against the fake gateway', () => {
  it('sends a message the gateway accepts', async () => {
    const client = createLinkClient({ appSecret: fake.appSecret, gatewayUrl: fake.gatewayUrl });
    const answer = await client.call('CLOUDPRINT_STANDARD_TEMPLATES', fake.providerId, {});
    expect(answer.success).toBe(true);
    expect(fake.calls.at(-1)).toMatchObject({ msgType: 'CLOUDPRINT_STANDARD_TEMPLATES', providerId: fake.providerId, outcome: 'ok' });
  });

  it('is refused with a wrong secret or an unknown provider, as missing app credentials', async () => {
    const wrong = createLinkClient({ appSecret: 'not-the-secret', gatewayUrl: fake.gatewayUrl });
    await expect(wrong.call('CLOUDPRINT_STANDARD_TEMPLATES', fake.providerId, {})).rejects.toMatchObject({ kind: 'NO_APP_CREDENTIALS', detail: expect.stringContaining('data_digest') });
    const right = createLinkClient({ appSecret: fake.appSecret, gatewayUrl: fake.gatewayUrl });
    await expect(right.call('CLOUDPRINT_STANDARD_TEMPLATES', 'LP-nobody', {})).rejects.toMatchObject({ kind: 'NO_APP_CREDENTIALS' });
    expect(fake.badDigests()).toBe(2);
  });

  it('gives up with TIMEOUT when the gateway does not answer, and PLATFORM_ERROR on a broken answer', async () => {
    const client = createLinkClient({ appSecret: fake.appSecret, gatewayUrl: fake.gatewayUrl });
    fake.timeoutNext();
    await expect(client.call('CLOUDPRINT_STANDARD_TEMPLATES', fake.providerId, {}, { timeoutMs: 200 })).rejects.toMatchObject({ kind: 'TIMEOUT' });
    fake.malformedNext();
    await expect(client.call('CLOUDPRINT_STANDARD_TEMPLATES', fake.providerId, {})).rejects.toMatchObject({ kind: 'PLATFORM_ERROR', detail: expect.stringContaining('malformed') });
  });
});
