import pg from 'pg';

/**
 * Whole PostgreSQL databases made and dropped by name, beside the server's own: the tests' migrated template
 * and per-file copies, and the benchmarks' scratch databases. Never used by the running server.
 */

export function databaseUrlWithName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Drops a test database once its pool's connections have gone: `pool.end()` resolves before the server has
 * seen them close, and forcing the drop at once would kill them mid-goodbye.
 */
export async function dropDatabase(url: string, name: string): Promise<void> {
  await withAdminClient(url, async (client) => {
    for (let attempt = 0; attempt < 50; attempt++) {
      const { rows } = await client.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = $1',
        [name],
      );
      if (rows[0]?.count === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
}
