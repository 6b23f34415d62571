import { loadConfig } from './config';

describe('loadConfig', () => {
  test('works with nothing set', () => {
    expect(loadConfig({})).toEqual({
      port: 3001,
      databaseUrl: 'sqlite:./data/beatcrate.sqlite',
      production: false,
      trustProxy: 0,
      actionLogBatchesPerMinute: 120,
      publicUrls: { dashboard: '', admin: '', files: '' },
    });
  });

  test('reads every setting', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u@127.0.0.1/db',
      NODE_ENV: 'production',
      TRUST_PROXY: '1',
      DASHBOARD_URL: 'https://dashboard.example.com/path',
      FILES_URL: 'https://files.example.com',
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://u@127.0.0.1/db',
      production: true,
      trustProxy: 1,
      publicUrls: { dashboard: 'https://dashboard.example.com', admin: '', files: 'https://files.example.com' },
    });
  });

  test.each([
    [{ PORT: 'abc' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ TRUST_PROXY: '-1' }, /TRUST_PROXY/],
    [{ DATABASE_URL: 'sqlite::memory:' }, /DATABASE_URL/],
    [{ FILES_URL: 'files' }, /FILES_URL/],
    [{ ACTION_LOG_BATCHES_PER_MINUTE: '0' }, /ACTION_LOG_BATCHES_PER_MINUTE/],
  ])('refuses %p at start-up', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
