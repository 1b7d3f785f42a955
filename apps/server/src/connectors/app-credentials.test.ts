// The installation's app credentials from the environment (the contract of issue 18's connectors).
import { describe, expect, it } from 'vitest';
import { appCredentialsKey, envAppCredentials, secretHint } from './app-credentials.js';

describe('app credentials', () => {
  it('reads OPENSELLER_CONNECTOR_<KEY>_* with KEY the platform code without CI_PLATFORM_', async () => {
    const lookup = envAppCredentials({
      OPENSELLER_CONNECTOR_TAOBAO_APP_KEY: '12345678',
      OPENSELLER_CONNECTOR_TAOBAO_APP_SECRET: 'helloworld',
      OPENSELLER_CONNECTOR_TAOBAO_GATEWAY_URL: 'https://gw.api.tbsandbox.com/router/rest',
      OPENSELLER_CONNECTOR_QIMEN_APP_KEY: 'q',
      OPENSELLER_CONNECTOR_QIMEN_APP_SECRET: 's',
    });
    expect(await lookup('CI_PLATFORM_TAOBAO')).toEqual({ appKey: '12345678', appSecret: 'helloworld', gatewayUrl: 'https://gw.api.tbsandbox.com/router/rest', authorizeUrl: null, callbackUrl: null, signSecret: null, serviceId: null });
    expect(await lookup('QIMEN')).toMatchObject({ appKey: 'q', appSecret: 's', gatewayUrl: null });
    expect(appCredentialsKey('CI_PLATFORM_PDD')).toBe('PDD');
  });

  it("reads Douyin's service-market id (_SERVICE_ID) beside its app key", async () => {
    const lookup = envAppCredentials({ OPENSELLER_CONNECTOR_DY_APP_KEY: '7000000000000000001', OPENSELLER_CONNECTOR_DY_APP_SECRET: 's', OPENSELLER_CONNECTOR_DY_SERVICE_ID: ' 33428 ' });
    expect(await lookup('DY')).toMatchObject({ appKey: '7000000000000000001', serviceId: '33428' });
  });

  it('answers null without both key and secret', async () => {
    const lookup = envAppCredentials({ OPENSELLER_CONNECTOR_PDD_APP_KEY: 'k', OPENSELLER_CONNECTOR_JD_APP_SECRET: 's' });
    expect(await lookup('CI_PLATFORM_PDD')).toBeNull();
    expect(await lookup('CI_PLATFORM_JD')).toBeNull();
  });

  it('hints at a secret with at most its last 4 characters', () => {
    expect(secretHint('abcdefghijkl1234')).toBe('****1234');
    expect(secretHint('short')).toBe('****');
    expect(secretHint(null)).toBeNull();
  });
});
