/**
 * Creates (or drops) a throw-away PostgreSQL database for a CI run and prints its URL.
 * Usage: node tests/support/create-database.ts create | drop <url>
 * `drop` also drops the databases derived from it (derived-database.ts): each vitest worker's
 * (`<name>_w1`, …), each browser-test server's (`<name>_e0`, …) and the backup test's restore
 * target (`<name>_w1_restore`).
 * The server is reached as PGUSER (default postgres) on PGHOST:PGPORT (default 127.0.0.1:5432).
 */
import pg from "pg";

const host = process.env.PGHOST ?? "127.0.0.1";
const port = process.env.PGPORT ?? "5432";
const userName = process.env.PGUSER ?? "postgres";
const admin = new pg.Client({ host, port: Number(port), user: userName, database: "postgres" });

const [command, url] = process.argv.slice(2);
await admin.connect();
try {
  if (command === "create") {
    const name = `gateway_ci_${Date.now()}_${process.pid}`;
    await admin.query(`CREATE DATABASE ${name}`);
    console.info(`postgres://${userName}@${host}:${port}/${name}`);
  } else if (command === "drop" && url) {
    const name = new URL(url).pathname.slice(1);
    if (!/^gateway_ci_\d+_\d+$/.test(name)) throw new Error(`Refusing to drop ${name}`);
    const derived = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE $1",
      [`${name}\\_%`],
    );
    for (const database of [name, ...derived.rows.map((row) => row.datname)]) {
      await admin.query(`DROP DATABASE IF EXISTS "${database.replaceAll('"', '""')}" WITH (FORCE)`);
    }
  } else {
    throw new Error("usage: create | drop <url>");
  }
} finally {
  await admin.end();
}
