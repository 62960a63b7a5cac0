import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';

describe('S3_* configuration', () => {
  const complete = { S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'orders-uploads', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' };

  it('takes all four of endpoint, bucket and keys, or none', () => {
    expect(loadConfig({ NODE_ENV: 'test', ...complete })).toMatchObject({ ...complete, S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: true });
    expect(loadConfig({ NODE_ENV: 'test' }).S3_ENDPOINT).toBeUndefined();
  });

  it('refuses to start with part of them, naming every missing variable', () => {
    const { S3_ACCESS_KEY_ID: _key, S3_SECRET_ACCESS_KEY: _secret, ...partial } = complete;
    expect(() => loadConfig({ NODE_ENV: 'test', ...partial })).toThrow(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID: required when any of S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY is set\n  S3_SECRET_ACCESS_KEY: required',
    );
  });
});
